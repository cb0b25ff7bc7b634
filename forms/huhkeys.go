package forms

import "charm.land/huh/v2"

type huhKeyMap = huh.KeyMap

func newHuhKeyMap() *huhKeyMap { return huh.NewDefaultKeyMap() }
