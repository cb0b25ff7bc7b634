package forms

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
)

// Options configures New. A nil *Options means all defaults.
type Options struct {
	// Prefill holds previous arguments (history, re-run, restart). When set,
	// schema defaults are not applied: absent arguments stay absent. Values
	// that no longer fit the schema are kept visible and flagged.
	Prefill json.RawMessage
	// Theme styles the fields; nil means huh's Charm theme. (In huh v2 a
	// theme is an interface, usually huh.ThemeFunc, hence no pointer.)
	Theme huh.Theme
	// Width and Height size the form; zero means 80 columns and unlimited.
	Width, Height int
	// KeyMap overrides DefaultKeyMap.
	KeyMap *KeyMap
	// Light selects the theme's light variant; the default is dark.
	Light bool
	// Focus is the path of the value whose field gets the cursor first
	// ("book.year", "tags.0"; what Focused returned for an earlier form of
	// the same tool); empty or absent means the first field.
	Focus string
}

// Form is a throwaway form for one invocation, built from a JSON Schema.
// It is a child component: the parent forwards messages to Update while
// the form is focused (every key but ctrl+c), renders View inside its own
// frame and sizes it with SetSize.
type Form struct {
	doc    *document
	root   node
	rows   []*row
	focus  int
	offset int // first rendered line when the form is taller than height

	keys          KeyMap
	theme         huh.Theme
	dark          bool
	width, height int

	json    *jsonMode // non-nil in whole-arguments JSON mode
	status  string    // result of the last submit attempt
	pending []Problem // problems shown after the last submit attempt
	blurred bool      // the parent gave the keyboard to another pane (Blur)
}

// New builds a fresh form for one invocation from a JSON Schema (2020-12
// by default, draft-07 when $schema says so). Local $ref, $defs and
// definitions are resolved; remote references are refused (ErrSchema).
func New(schema []byte, opts *Options) (*Form, error) {
	if opts == nil {
		opts = &Options{}
	}
	doc, err := compileDoc(schema)
	if err != nil {
		return nil, err
	}
	f := &Form{doc: doc, keys: DefaultKeyMap(), theme: opts.Theme, dark: !opts.Light}
	if opts.KeyMap != nil {
		f.keys = *opts.KeyMap
	}
	if f.theme == nil {
		f.theme = huh.ThemeFunc(huh.ThemeCharm)
	}
	f.theme = cacheTheme(f.theme)
	f.width, f.height = opts.Width, opts.Height
	if err := f.buildRoot(opts.Prefill); err != nil {
		return nil, err
	}
	f.rebuild()
	if j := f.rowOf(opts.Focus); j >= 0 {
		if r := f.focused(); r != nil && r.field != nil {
			r.field.Blur()
		}
		f.focus = j
	}
	f.checkAll(len(opts.Prefill) > 0)
	return f, nil
}

// Focused returns the path of the value the cursor is in ("book.year",
// "tags.0"; "" at the root), for Options.Focus of a later form.
func (f *Form) Focused() string {
	r := f.focused()
	if r == nil {
		return ""
	}
	return r.id[:strings.LastIndex(r.id, "#")]
}

// rowOf is the row of the value at path p: its own row (a field, a list's
// add button), else the first field inside it; -1 when there is none.
func (f *Form) rowOf(p string) int {
	if p == "" {
		return -1
	}
	for j, r := range f.rows {
		if r.focusable() && strings.HasPrefix(r.id, p+"#") {
			return j
		}
	}
	return f.firstUnder(p)
}

func (f *Form) buildRoot(prefill json.RawMessage) error {
	b := &builder{theme: f.theme, width: &f.width, shaper: &shaper{doc: f.doc}, defaults: true}
	base := nodeBase{b: b, required: true}
	base.sh = b.shaper.shapeOf(f.doc.root, nil)
	if len(prefill) == 0 {
		f.root = b.build(base)
		return nil
	}
	v, err := parseJSON(string(prefill))
	if err != nil {
		return fmt.Errorf("forms: prefill: %w", err)
	}
	b.defaults = false
	if v == absent {
		f.root = b.make(base)
	} else {
		f.root = b.load(base, v)
	}
	b.defaults = true
	return nil
}

// Init focuses the first field.
func (f *Form) Init() tea.Cmd {
	return f.Focus()
}

// Focus gives the form the keyboard back: the field that had the cursor
// (the one last edited) is focused again, or the first field. Typing into a
// prefilled single-line field then replaces its text, as on tab. A form
// that gets a key while blurred focuses itself first, so no key is lost.
func (f *Form) Focus() tea.Cmd {
	f.blurred = false
	if r := f.focused(); r == nil || !r.focusable() {
		f.focus = f.next(-1, 1)
	}
	return f.focusCmd()
}

// Blur shows the form without a cursor while another pane has the keyboard;
// the field keeps its place for Focus.
func (f *Form) Blur() {
	f.blurred = true
	if f.json != nil {
		f.json.field.Blur()
		return
	}
	if r := f.focused(); r != nil && r.field != nil {
		r.fresh = false
		r.field.Blur()
	}
}

// SetSize sets the width and height the form renders in. A new width
// rebuilds the fields: their titles and descriptions are wrapped to it.
func (f *Form) SetSize(w, h int) {
	resized := w != f.width
	f.width, f.height = w, h
	if resized {
		f.rebuild()
	}
	for _, r := range f.rows {
		if r.field != nil {
			r.field.WithWidth(f.fieldWidth(r))
		}
	}
	if f.json != nil {
		f.json.resize(f)
	}
}

func (f *Form) fieldWidth(r *row) int { return fieldWidth(f.width, r.depth) }

// fieldWidth is the width of a field at depth in a form w wide (0: 80).
func fieldWidth(w, depth int) int {
	if w <= 0 {
		w = 80
	}
	return max(w-2*depth, 20)
}

// rebuild regenerates the rows from the tree, keeping focus and messages.
func (f *Form) rebuild() { f.rebuildAt("") }

// rebuildAt rebuilds; when the focused row is gone, the focus goes to the
// first field under path under (if any), else to the first field.
func (f *Form) rebuildAt(under string) {
	var focusID string
	msgs := map[string]string{}
	if r := f.focused(); r != nil {
		focusID = r.id
	}
	for _, r := range f.rows {
		msgs[r.id] = r.msg
	}
	f.rows = f.root.rows(nil)
	f.focus = -1
	for i, r := range f.rows {
		f.prepare(r)
		r.msg = msgs[r.id]
		if r.id == focusID && r.focusable() {
			f.focus = i
		}
	}
	if f.focus < 0 && under != "" {
		f.focus = f.firstUnder(under)
	}
	if f.focus < 0 {
		f.focus = f.next(-1, 1)
	}
	if r := f.focused(); r != nil && r.field != nil && !f.blurred && f.json == nil {
		r.field.Focus() // the rebuilt field keeps the focus marker and takes keys
	}
}

// prepare themes and sizes one row's field and lets it settle.
func (f *Form) prepare(r *row) {
	if r.field == nil {
		return
	}
	r.field = r.field.WithTheme(f.rowTheme(r)).WithKeyMap(fieldKeyMap()).WithWidth(f.fieldWidth(r))
	r.field.Init()
	if f.dark {
		m, _ := r.field.Update(tea.BackgroundColorMsg{Color: darkBackground})
		r.field = m.(huh.Field)
	}
	r.field.Blur()
	r.field.Update(settleMsg{})
}

// settleMsg lets freshly built fields size their viewports.
type settleMsg struct{}

// checkAll runs every row's check (after prefill, to flag misfits at once).
func (f *Form) checkAll(all bool) {
	for _, r := range f.rows {
		if all || r.live {
			r.runCheck()
		}
	}
}

func (f *Form) focused() *row {
	if f.focus < 0 || f.focus >= len(f.rows) {
		return nil
	}
	return f.rows[f.focus]
}

// next finds the next focusable row from i in direction d, or -1.
func (f *Form) next(i, d int) int {
	for j := i + d; j >= 0 && j < len(f.rows); j += d {
		if f.rows[j].focusable() {
			return j
		}
	}
	return -1
}

func (f *Form) focusCmd() tea.Cmd {
	if f.json != nil {
		return f.json.field.Focus()
	}
	if r := f.focused(); r != nil && r.field != nil {
		text, _ := r.field.GetValue().(string)
		r.fresh = r.replaceable && text != ""
		return r.field.Focus()
	}
	return nil
}

// move leaves the focused row (running its check) and focuses row j.
func (f *Form) move(j int) tea.Cmd {
	if j < 0 {
		if r := f.focused(); r != nil {
			r.runCheck() // no field further: still check the one left
		}
		return nil
	}
	f.blur()
	f.focus = j
	return f.focusCmd()
}

func (f *Form) blur() {
	if r := f.focused(); r != nil {
		if r.field != nil {
			r.field.Blur()
		}
		r.runCheck()
	}
}

// Update handles one message. Keys go to the form's own bindings first
// (KeyMap), then to the focused field.
func (f *Form) Update(msg tea.Msg) (*Form, tea.Cmd) {
	if _, ok := msg.(tea.KeyPressMsg); ok && f.blurred {
		return f, tea.Batch(f.Focus(), f.update(msg))
	}
	return f, f.update(msg)
}

func (f *Form) update(msg tea.Msg) tea.Cmd {
	if f.json != nil {
		return f.json.update(f, msg)
	}
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		if _, paste := msg.(tea.PasteMsg); paste {
			f.replaceSelection(f.focused(), true)
		}
		return f.forward(msg)
	}
	if r := f.focused(); r != nil {
		r.refused = "" // shown until the next key
	}
	if cmd, handled := f.handleKey(k); handled {
		return cmd
	}
	return f.typeKey(k)
}

func (f *Form) handleKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	r := f.focused()
	vertical := r != nil && r.vertical()
	switch {
	case key.Matches(k, f.keys.Cancel):
		return func() tea.Msg { return CancelMsg{} }, true
	case key.Matches(k, f.keys.ToggleJSON):
		return f.ToggleJSON(), true
	case key.Matches(k, f.keys.SendAnyway):
		return f.submit(true), true
	case key.Matches(k, f.keys.Submit):
		return f.submit(false), true
	case key.Matches(k, f.keys.AddItem):
		return f.addItem(), true
	case key.Matches(k, f.keys.RemoveItem):
		return f.removeItem(), true
	case key.Matches(k, f.keys.Null):
		return f.toggleNull(), true
	case key.Matches(k, f.keys.SelectAll) && r != nil && r.selectable():
		r.fresh = true
		return nil, true
	case key.Matches(k, f.keys.Next) && !(vertical && k.String() == "down"):
		return f.move(f.next(f.focus, 1)), true
	case key.Matches(k, f.keys.Prev) && !(vertical && k.String() == "up"):
		return f.move(f.next(f.focus, -1)), true
	case key.Matches(k, f.keys.Enter) && !(r != nil && r.multiline):
		return f.enter(), true
	}
	return nil, false
}

// enter presses a button, or moves on, or submits from the last field.
func (f *Form) enter() tea.Cmd {
	r := f.focused()
	if r != nil && r.press != nil {
		return f.press(r)
	}
	if j := f.next(f.focus, 1); j >= 0 {
		return f.move(j)
	}
	return f.submit(false)
}

func (f *Form) press(r *row) tea.Cmd {
	if !r.press() {
		return nil
	}
	f.rebuild()
	if l := r.adds; l != nil && len(l.items) > 0 {
		return f.focusItem(l, len(l.items)-1)
	}
	return f.focusCmd()
}

// typeKey sends a key to the focused field, then notices structure changes.
// Text the field cannot take is refused with a visible reason.
func (f *Form) typeKey(k tea.KeyPressMsg) tea.Cmd {
	r := f.focused()
	if r == nil {
		if k.Text != "" {
			f.status = "this form has no fields: " + f.keys.Submit.Help().Key + " submits it"
		}
		return nil
	}
	if r.isNull && k.Text != "" {
		return f.typeOnNull(r, k)
	}
	if r.refuse != nil && k.Text != "" {
		if why := r.refuse(k.Text); why != "" {
			r.refused = strconv.Quote(k.Text) + " not typed: " + why
			return nil
		}
	}
	if r.field == nil {
		return nil
	}
	f.status, f.pending = "", nil
	r = f.replaceSelection(r, k.Text != "")
	cmd := f.forward(k)
	if r.live {
		r.runCheck()
	} else {
		r.msg = ""
	}
	if r.changed != nil && r.changed() {
		f.rebuild()
	}
	return cmd
}

// forward sends a message to the focused field.
func (f *Form) forward(msg tea.Msg) tea.Cmd {
	r := f.focused()
	if r == nil || r.field == nil {
		return nil
	}
	m, cmd := r.field.Update(msg)
	if fld, ok := m.(huh.Field); ok {
		r.field = fld
	}
	return cmd
}

func (r *row) vertical() bool {
	if r.multiline {
		return true
	}
	_, multi := r.field.(*huh.MultiSelect[int])
	return multi
}

// addItem adds an item to the list holding the cursor and focuses it.
func (f *Form) addItem() tea.Cmd {
	r := f.focused()
	if r == nil || r.adds == nil {
		return nil
	}
	r.adds.add()
	f.rebuild()
	return f.focusItem(r.adds, len(r.adds.items)-1)
}

// removeItem removes the list item holding the cursor (on the add button
// of a list that is itself an item, that list).
func (f *Form) removeItem() tea.Cmd {
	r := f.focused()
	if r == nil || r.list == nil {
		return nil
	}
	l, i := r.list, r.item
	l.remove(i)
	f.rebuild()
	if len(l.items) > 0 {
		return f.focusItem(l, min(i, len(l.items)-1))
	}
	return f.focusID(l.path + "#add")
}

// focusItem focuses the first field of item i of l (or, in an item that is
// an empty list, its add button).
func (f *Form) focusItem(l *listNode, i int) tea.Cmd {
	if j := f.firstUnder(l.itemBase(i).path); j >= 0 {
		return f.move(j)
	}
	return nil
}

// firstUnder is the first focusable row of the value at path p, or -1.
func (f *Form) firstUnder(p string) int {
	for j, r := range f.rows {
		if r.focusable() && (strings.HasPrefix(r.id, p+"#") || strings.HasPrefix(r.id, p+".")) {
			return j
		}
	}
	return -1
}

func (f *Form) focusID(id string) tea.Cmd {
	for j, r := range f.rows {
		if r.id == id {
			return f.move(j)
		}
	}
	return nil
}

// typeOnNull starts a value where one is typed (a string or a number), and
// says what to press for a list or an object.
func (f *Form) typeOnNull(r *row, k tea.KeyPressMsg) tea.Cmd {
	if !r.nullInput {
		r.refused = strconv.Quote(k.Text) + " not typed: the value is null (" + f.keys.Null.Help().Key + ": not null)"
		return nil
	}
	r.toggleNull()
	f.rebuildAt(r.nullPath)
	return tea.Batch(f.focusCmd(), f.typeKey(k))
}

// toggleNull sets the nullable value holding the cursor to null, or back
// to a value (the one it had).
func (f *Form) toggleNull() tea.Cmd {
	r := f.focused()
	if r == nil {
		return nil
	}
	if r.toggleNull == nil {
		r.refused = "null is not allowed here"
		return nil
	}
	f.status, f.pending = "", nil
	r.toggleNull()
	f.rebuildAt(r.nullPath)
	return f.focusCmd()
}
