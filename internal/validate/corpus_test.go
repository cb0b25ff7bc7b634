package validate_test

// The hand-written corpus of the differential test: schemas and arguments
// of the wording tests and of the sdk's examples.

// checkSchema is internal/pydantic/libadapt's TestCheck schema (its
// hostname property aside: a format this package refuses).
const checkSchema = `{"type":"object","additionalProperties":false,"required":["req"],"properties":{
		"req":{"type":"string"},
		"int":{"type":"integer"}, "num":{"type":"number"}, "str":{"type":"string"},
		"flag":{"type":"boolean"}, "list":{"type":"array"}, "dict":{"type":"object"}, "nil":{"type":"null"},
		"max":{"type":"integer","maximum":50}, "min":{"type":"integer","minimum":1},
		"xmax":{"type":"number","exclusiveMaximum":1}, "xmin":{"type":"number","exclusiveMinimum":0.5},
		"tiny":{"type":"number","minimum":0.00001}, "even":{"type":"integer","multipleOf":2},
		"x":{"type":"number","exclusiveMinimum":1,"maximum":0,"multipleOf":2},
		"short":{"type":"string","minLength":3}, "long":{"type":"string","maxLength":5}, "one":{"type":"string","minLength":1},
		"pat":{"type":"string","pattern":"^a"},
		"when":{"type":"string","format":"date"}, "at":{"type":"string","format":"date-time"},
		"mail":{"type":"string","format":"email"}, "id":{"type":"string","format":"uuid"},
		"ip":{"type":"string","format":"ipv4"}, "site":{"type":"string","format":"uri"}, 		"genre":{"enum":["fiction","non-fiction","poetry"]}, "level":{"enum":[1,2,null,true]},
		"kind":{"const":"circle"}, "quote":{"const":"it's"},
		"tags":{"type":"array","items":{"type":"string","maxLength":3},"minItems":1,"maxItems":2},
		"set":{"type":"array","uniqueItems":true},
		"props":{"type":"object","minProperties":1,"maxProperties":2},
		"book":{"type":"object","required":["title","year"],"additionalProperties":false,"properties":{
			"title":{"type":"string"},"year":{"type":"integer","minimum":1450}}},
		"books":{"type":"array","items":{"$ref":"#/$defs/Book"}},
		"opt":{"anyOf":[{"type":"integer","minimum":1},{"type":"null"}]},
		"optlist":{"type":["array","null"],"items":{"type":"integer"}},
		"either":{"oneOf":[{"type":"null"},{"type":"string","minLength":2}]},
		"scalar":{"anyOf":[{"type":"integer"},{"type":"string","maxLength":2}]},
		"pick":{"type":["integer","string"]},
		"pet":{"anyOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"},{"type":"null"}]},
		"v1pet":{"anyOf":[{"allOf":[{"$ref":"#/$defs/Cat"}]},{"type":"integer"}]},
		"shape":{"oneOf":[
			{"type":"object","required":["kind","r"],"properties":{"kind":{"const":"circle"},"r":{"type":"number","exclusiveMinimum":0}}},
			{"type":"object","required":["kind","w"],"properties":{"kind":{"const":"rect"},"w":{"type":"number"}}}]},
		"same":{"oneOf":[{"type":"number"},{"type":"integer"}]}
	},"$defs":{
		"Book":{"type":"object","required":["year"],"properties":{"year":{"type":"integer","minimum":1450}}},
		"Cat":{"title":"Cat","type":"object","required":["meows"],"properties":{"meows":{"type":"integer"}}},
		"Dog":{"type":"object","required":["barks"],"properties":{"barks":{"type":"number"}}}
	}}`

// checkInstances are TestCheck's arguments.
var checkInstances = []string{
	`{"req":"r","max":50,"opt":null,"optlist":null,"either":null,"pet":null,"shape":{"kind":"rect","w":1}}`,
	`{"req":"r","int":"abc"}`,
	`{"req":"r","int":2.5}`,
	`{"req":"r","num":"1"}`,
	`{"req":"r","str":5}`,
	`{"req":"r","flag":"yes"}`,
	`{"req":"r","list":{}}`,
	`{"req":"r","dict":[1]}`,
	`{"req":"r","nil":0}`,
	`[1,2]`,
	`{}`,
	`{"req":"r","zzz":true}`,
	`{"req":"r","max":51}`,
	`{"req":"r","min":0}`,
	`{"req":"r","xmax":1}`,
	`{"req":"r","xmin":0.5}`,
	`{"req":"r","tiny":0}`,
	`{"req":"r","even":3}`,
	`{"req":"r","x":1}`,
	`{"req":"r","short":"ab"}`,
	`{"req":"r","long":"abcdef"}`,
	`{"req":"r","one":""}`,
	`{"req":"r","pat":"banana"}`,
	`{"req":"r","when":"2024-13-01"}`,
	`{"req":"r","when":"01/02/2024"}`,
	`{"req":"r","site":"docs/page"}`,
	`{"req":"r","site":"http://a b"}`,
	`{"req":"r","at":"yesterday"}`,
	`{"req":"r","mail":"nobody"}`,
	`{"req":"r","id":"x"}`,
	`{"req":"r","ip":"1.2.3"}`,
	`{"req":"r","genre":"horror"}`,
	`{"req":"r","level":3}`,
	`{"req":"r","kind":"square"}`,
	`{"req":"r","quote":"x"}`,
	`{"req":"r","tags":[]}`,
	`{"req":"r","tags":["a","b","c"]}`,
	`{"req":"r","tags":["abcd"]}`,
	`{"req":"r","set":[1,2,1]}`,
	`{"req":"r","props":{}}`,
	`{"req":"r","props":{"a":1,"b":2,"c":3}}`,
	`{"req":"r","book":{"title":"Dune","year":1000}}`,
	`{"req":"r","book":{"isbn":"x"}}`,
	`{"req":"r","books":[{"year":1},{"year":1450},{"year":2},{},{},{},{},{},{},{},{"year":"old"}]}`,
	`{"max":500,"pat":"zz","genre":"x","unknown":true}`,
	`{"req":"r","opt":"x"}`,
	`{"req":"r","opt":0}`,
	`{"req":"r","optlist":"x"}`,
	`{"req":"r","optlist":[1,"x"]}`,
	`{"req":"r","either":"a"}`,
	`{"req":"r","scalar":[]}`,
	`{"req":"r","scalar":"abc"}`,
	`{"req":"r","pick":true}`,
	`{"req":"r","pet":{"meows":"x"}}`,
	`{"req":"r","v1pet":{}}`,
	`{"req":"r","shape":{"kind":"circle","r":0}}`,
	`{"req":"r","shape":{"kind":"rect"}}`,
	`{"req":"r","shape":{"kind":"hex"}}`,
	`{"req":"r","shape":{"r":1}}`,
	`{"req":"r","shape":3}`,
	`{"req":"r","same":3}`,
}

// corpus pairs schemas with instances to validate against them.
var corpus = []struct {
	schema    string
	instances []string
}{
	{checkSchema, checkInstances},
	{`{"type":"array","items":{"anyOf":[{"type":"array","items":{"type":"integer"}},{"type":"object","additionalProperties":{"type":"number"}}]}}`,
		[]string{`[[1],[1,"x"]]`, `[1,{"a":"b"}]`, `[]`, `{}`}},
	{`{"$ref":"#/$defs/Node","$defs":{"Node":{"type":"object","properties":{"next":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"integer"}]}}}}}`,
		[]string{`{"next":{"next":"x"}}`, `{"next":{"next":{"next":[]}}}`, `5`, `{"next":1}`}},
	{`{"type":"object","properties":{"i":{"type":"integer"},"f":{"type":"number"},"b":{"type":"boolean"},"o":{"anyOf":[{"type":"integer"},{"type":"null"}]}}}`,
		[]string{`{"i":"abc"}`, `{"i":"5.5"}`, `{"i":2.5}`, `{"i":[]}`, `{"o":"x"}`, `{"f":"abc"}`, `{"f":"-Infinity"}`, `{"f":null}`, `{"b":"maybe"}`, `{"b":2}`, `{"b":1.5}`}},
	{`{"type":"object","additionalProperties":false,"required":["zeta","alpha","mid"],"properties":{
		"zeta":{"type":"integer"},
		"alpha":{"type":"array","items":{"$ref":"#/$defs/Item"}},
		"mid":{"anyOf":[{"$ref":"#/$defs/Item"},{"type":"null"}]}
	},"$defs":{"Item":{"type":"object","required":["z","b"],"properties":{"z":{"type":"string"},"b":{"type":"integer","maximum":5}}}}}`,
		[]string{`{"extra":1,"mid":{"b":9},"alpha":[{"b":6,"z":1},{},{"b":"x","z":"ok"}],"zeta":"x"}`}},
	{`{"type":"object","additionalProperties":false,"properties":{
		"a":{"type":"integer"},"m":{"type":"object","additionalProperties":{"type":"integer"}}}}`,
		[]string{`{"zz":1,"m":{"k2":"x","k1":"y"},"a":"x","bb":2}`}},
	{`{"type":"object","properties":{
	"at":{"type":"string","format":"date-time"}, "day":{"type":"string","format":"date"},
	"clock":{"type":"string","format":"time"}, "id":{"type":"string","format":"uuid"},
	"site":{"type":"string","format":"uri"}, "mail":{"type":"string","format":"email"},
	"data":{"type":"string","contentEncoding":"base64"},
	"v4":{"format":"ipv4"}, "v6":{"type":"string","format":"ipv6"}, "other":{"format":"no-such-format"},
	"x":{"type":"number","format":"double"}, "n":{"type":"integer","format":"double","maximum":9223372036854775807}}}`,
		[]string{`{"at":"foo","day":"2024-02-30","clock":"25:00","id":"x","site":"docs","mail":"a@","data":"!!","x":1e400,"n":1e400}`,
			`{"at":"2024-01-01T10:00:00","v4":"1.2.3.04","v6":"::1%eth0","other":"x"}`, `{"v4":"256.1.1.1","v6":"1.2.3.4"}`, `{"v4":5,"v6":"::1"}`}},
	{contactSchema, []string{`{}`, `{"name":"a","contactMethod":"phone"}`, `{"name":"a","contactMethod":"email","phone":"1"}`,
		`{"name":"a","contactMethod":"fax","email":"x","extra":1}`, `{"address":{"street":1},"email":"e"}`, `[]`}},
	{`{"type":"object","properties":{"t":{"type":"array","prefixItems":[{"type":"integer"},{"type":"string"}],"items":false},
		"p":{"type":"object","patternProperties":{"^x":{"type":"integer"}},"additionalProperties":{"type":"string"}},
		"d":{"type":"object","dependentRequired":{"a":["b","c"]}},
		"u":{"type":"array","uniqueItems":true,"items":{"type":["integer","object","null"]}},
		"c":{"const":{"a":[1,2.0]}}, "e":{"enum":[[1],{"a":null},1.5]},
		"all":{"allOf":[{"minimum":1},{"multipleOf":0.5},{"type":"number"}]},
		"one":{"oneOf":[{"type":"integer"},{"minimum":0}]},
		"f":false, "tr":true, "ap":{"additionalProperties":true,"title":"Named"}}}`,
		[]string{`{"t":[1,"a",3],"p":{"x1":"a","y":2},"d":{"a":1},"u":[1,{"a":1},1.0,{"a":1.0}],"c":{"a":[1,2]},"e":1.50}`,
			`{"t":["a"],"p":{"x":1,"y":"s"},"d":{"a":1,"b":1,"c":1},"u":[null,null],"c":{"a":[1,3]},"e":[1]}`,
			`{"all":0.25,"one":5,"f":1,"tr":2,"ap":3}`, `{"all":"x","one":-1.5,"one2":1}`, `{"one":"x"}`}},
	{`{"oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}],"$defs":{
		"Cat":{"type":"object","required":["pet_type","meows"],"properties":{"pet_type":{"const":"cat"},"meows":{"type":"integer"}}},
		"Dog":{"type":"object","required":["pet_type","barks"],"properties":{"pet_type":{"enum":["dog"]},"barks":{"type":"number"}}}}}`,
		[]string{`{"pet_type":"cat","meows":"x"}`, `{"pet_type":"dog"}`, `{"pet_type":"cow"}`, `{}`, `1`, `{"pet_type":"cat","meows":1}`}},
	{`{"type":"object","properties":{"s":{"type":"string","minLength":2,"maxLength":1,"pattern":"^[0-9]+$"},
		"n":{"type":"number","minimum":10,"maximum":0,"exclusiveMinimum":10,"exclusiveMaximum":0,"multipleOf":3},
		"a":{"type":"array","minItems":3,"maxItems":1,"uniqueItems":true},"o":{"type":"object","minProperties":3,"maxProperties":0,"required":["q"]},
		"r":{"$ref":"#/$defs/R","minLength":5},"nn":{"type":["null","string"],"minLength":1},"ml":{"enum":[]}},
		"$defs":{"R":{"type":"string","maxLength":1}}}`,
		[]string{`{"s":"ab","n":5,"a":[1,1],"o":{"x":1},"r":"abc","nn":"","ml":1}`, `{"s":"é","n":1e400,"a":[],"o":{},"r":"a","nn":null}`, `{"n":-3.3e-2}`}},
	{`{"type":"object","properties":{
		"n":{"not":{"type":"string"}}, "nn":{"not":{"not":{"minimum":3}}}, "nr":{"not":{"$ref":"#/$defs/S"}},
		"c":{"type":"array","contains":{"type":"integer","minimum":2}},
		"mc":{"contains":{"type":"integer"},"minContains":2,"maxContains":3},
		"mz":{"contains":{"const":1},"minContains":0},
		"mx":{"contains":{"type":"string"},"maxContains":1,"items":{"maxLength":2}},
		"big":{"contains":true,"minContains":1000},
		"ds":{"type":"object","dependentSchemas":{"a":{"required":["b"],"properties":{"b":{"type":"integer"}}},
			"c":{"minProperties":5},"x y":{"maxProperties":1},"~/":{"properties":{"a":{"type":"string"}}}},"dependentRequired":{"a":["z"]}}},
		"$defs":{"S":{"type":"string","minLength":2}}}`,
		[]string{`{"n":"x","nn":1,"nr":"ab","c":[1,"a",0],"mc":[1,"a",2.5],"mz":[2],"mx":["a","b",1],"big":[1,2]}`,
			`{"n":1,"nn":5,"nr":"a","c":[],"mc":[1,2,3,4],"mx":["abc"],"big":[]}`, `{"c":{"a":1},"mc":[true,null],"mx":[1]}`,
			`{"ds":{"a":"x","b":"y","c":1,"x y":2,"~/":3}}`, `{"ds":{"a":1,"b":2,"x y":3}}`, `{"ds":{"c":1}}`, `{"ds":{"~/":1,"a":2}}`}},
	// propertyNames only at the root: below it the library reports its
	// failure at a location another value's validation overwrote (it keeps
	// its location slice without copying it), so it cannot be compared.
	{`{"type":"object","propertyNames":{"maxLength":2,"pattern":"^[a-z]"},"properties":{"ab":{"type":"string"}}}`,
		[]string{`{"ab":1,"abc":2,"1":3,"é\n'\"x":4,"Z":5}`, `{}`, `[]`, `{"a":1}`}},
	{`{"propertyNames":false}`, []string{`{"a":1,"b":2}`, `{}`, `1`}},
	{`{"propertyNames":{"$ref":"#/$defs/S"},"additionalProperties":{"type":"integer"},"$defs":{"S":{"type":"string","minLength":2}}}`,
		[]string{`{"a":"x","bc":1,"d":"y"}`, `{"ab":1}`}},
	{`{"type":"object","properties":{"h":{"format":"hostname"},"d":{"format":"duration"},"jp":{"format":"json-pointer"},
		"rp":{"format":"relative-json-pointer"},"ur":{"format":"uri-reference"},"ir":{"format":"iri-reference"},
		"i":{"format":"iri"},"sv":{"format":"semver"}}}`,
		[]string{`{"h":"example.com","d":"P1Y2M3DT4H5M6S","jp":"/a~0b/~1","rp":"0#","ur":"../x?y#z","ir":"#f","i":"http://[::1]:80/p","sv":"1.2.3-rc.1+b.05"}`,
			`{"h":"-a.com","d":"P","jp":"a","rp":"01/a","ur":"a\\b","ir":"%zz","i":"rel/x","sv":"1.2"}`,
			`{"h":"a..b","d":"PT","jp":"/~2","rp":"","ur":"http://[1::2::3]/","ir":"http://::1/","i":"http://a b","sv":"01.2.3"}`,
			`{"h":"a.","d":"P1W","jp":"","rp":"12/~","ur":"","ir":":","i":"mailto:x","sv":"1.2.3-01"}`,
			`{"h":"é.com","d":"P1M1Y","jp":"/~","rp":"3","ur":"http://[v1.x]/","ir":" ","i":"","sv":"1.2.3+"}`,
			`{"h":"","d":"PT1H2H","jp":"/a/b~1c","rp":"1#x","ur":"//host:99999","i":"http://[fe80::1%25eth0]/","sv":"1.2.3-a..b"}`,
			`{"h":"a-b.c_d","d":"P1DT","sv":"1.2.3-x-y.0a+-"}`, `{"h":1,"d":null,"sv":[]}`,
			`{"h":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com","d":"P1.5Y","sv":"1.2.3.4"}`}},
}

// contactSchema is examples/conformance's json_schema_2020_12_tool schema.
const contactSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "$defs": {
    "address": {
      "$anchor": "addressDef",
      "type": "object",
      "properties": {"street": {"type": "string"}, "city": {"type": "string"}}
    }
  },
  "properties": {
    "name": {"type": "string"},
    "address": {"$ref": "#/$defs/address"},
    "contactMethod": {"type": "string", "enum": ["phone", "email"]},
    "phone": {"type": "string"},
    "email": {"type": "string"}
  },
  "allOf": [{"anyOf": [{"required": ["phone"]}, {"required": ["email"]}]}],
  "if": {"properties": {"contactMethod": {"const": "phone"}}, "required": ["contactMethod"]},
  "then": {"required": ["phone"]},
  "else": {"required": ["email"]},
  "additionalProperties": false
}`
