package libadapt

import (
	"testing"
)

// formatSchema has one property per format this package checks.
const formatSchema = `{"type":"object","properties":{
	"at":{"type":"string","format":"date-time"}, "day":{"type":"string","format":"date"},
	"clock":{"type":"string","format":"time"}, "id":{"type":"string","format":"uuid"},
	"site":{"type":"string","format":"uri"}, "mail":{"type":"string","format":"email"},
	"data":{"type":"string","contentEncoding":"base64"},
	"x":{"type":"number","format":"double"}, "n":{"type":"integer","format":"double","maximum":9223372036854775807}}}`

// The reasons are pydantic-core's own, as Pydantic 2.13 prints them for
// the same input (strict mode for date-time, whose lax mode only ever says
// "Input should be a valid datetime or date, unexpected extra characters
// at the end of the input" once the date part is fine), and the
// acceptance is Go's for date-time (time.Time) and base64 ([]byte).
func TestFormatWording(t *testing.T) {
	s := compile(t, formatSchema)
	tests := []struct{ name, args, want string }{
		{"date-time too short", `{"at":"foo"}`, "at | Input should be a valid datetime, input is too short [type=datetime_parsing, input_value='foo']"},
		{"date-time month", `{"at":"2024-13-01T00:00:00Z"}`, "at | Input should be a valid datetime, month value is outside expected range of 1-12 [type=datetime_parsing, input_value='2024-13-01T00:00:00Z']"},
		{"date-time day", `{"at":"2023-02-29T00:00:00Z"}`, "at | Input should be a valid datetime, day value is outside expected range [type=datetime_parsing, input_value='2023-02-29T00:00:00Z']"},
		{"date-time hour", `{"at":"2024-01-01T25:00:00Z"}`, "at | Input should be a valid datetime, hour value is outside expected range of 0-23 [type=datetime_parsing, input_value='2024-01-01T25:00:00Z']"},
		{"date-time minute", `{"at":"2024-01-01T10:61:00Z"}`, "at | Input should be a valid datetime, minute value is outside expected range of 0-59 [type=datetime_parsing, input_value='2024-01-01T10:61:00Z']"},
		{"date-time leap second", `{"at":"2024-01-01T10:00:60Z"}`, "at | Input should be a valid datetime, second value is outside expected range of 0-59 [type=datetime_parsing, input_value='2024-01-01T10:00:60Z']"},
		{"date-time separator", `{"at":"2024-01-01X10:00:00Z"}`, "at | Input should be a valid datetime, invalid datetime separator, expected `T`, `t`, `_` or space [type=datetime_parsing, input_value='2024-01-01X10:00:00Z']"},
		{"date-time date separator", `{"at":"2024/01/01T10:00:00Z"}`, "at | Input should be a valid datetime, invalid date separator, expected `-` [type=datetime_parsing, input_value='2024/01/01T10:00:00Z']"},
		{"date-time year", `{"at":"24-01-01T10:00:00Z"}`, "at | Input should be a valid datetime, invalid character in year [type=datetime_parsing, input_value='24-01-01T10:00:00Z']"},
		{"date-time hour digits", `{"at":"2024-01-01Tab:00:00Z"}`, "at | Input should be a valid datetime, invalid character in hour [type=datetime_parsing, input_value='2024-01-01Tab:00:00Z']"},
		{"date-time second", `{"at":"2024-01-01T10:00:0"}`, "at | Input should be a valid datetime, invalid character in second [type=datetime_parsing, input_value='2024-01-01T10:00:0']"},
		{"date-time fraction", `{"at":"2024-01-01T10:00:00.Z"}`, "at | Input should be a valid datetime, second fraction digits missing after `.` [type=datetime_parsing, input_value='2024-01-01T10:00:00.Z']"},
		{"date-time offset hours", `{"at":"2024-01-01T10:00:00+25:00"}`, "at | Input should be a valid datetime, timezone offset must be less than 24 hours [type=datetime_parsing, input_value='2024-01-01T10:00:00+25:00']"},
		{"date-time offset short", `{"at":"2024-01-01T10:00:00+01"}`, "at | Input should be a valid datetime, invalid timezone minute [type=datetime_parsing, input_value='2024-01-01T10:00:00+01']"},
		{"date-time offset sign", `{"at":"2024-01-01T10:00:00X"}`, "at | Input should be a valid datetime, invalid timezone sign [type=datetime_parsing, input_value='2024-01-01T10:00:00X']"},
		{"date-time trailing", `{"at":"2024-01-01T10:00:00ZZ"}`, "at | Input should be a valid datetime, unexpected extra characters at the end of the input [type=datetime_parsing, input_value='2024-01-01T10:00:00ZZ']"},
		{"date-time without offset", `{"at":"2024-01-01T10:00:00"}`, "at | Input should have timezone info [type=timezone_aware, input_value='2024-01-01T10:00:00']"},
		{"date-time date only", `{"at":"2024-01-01"}`, "at | Input should be a valid datetime, invalid datetime separator, expected `T`, `t`, `_` or space [type=datetime_parsing, input_value='2024-01-01']"},
		{"date-time space", `{"at":"2024-01-01 10:00:00Z"}`, "at | Input should be a valid datetime, invalid datetime separator, expected `T` [type=datetime_parsing, input_value='2024-01-01 10:00:00Z']"},
		{"date", `{"day":"2024-02-30"}`, "day | Input should be a valid date in the format YYYY-MM-DD, day value is outside expected range [type=date_parsing, input_value='2024-02-30']"},
		{"date short", `{"day":"2024-1-01"}`, "day | Input should be a valid date in the format YYYY-MM-DD, input is too short [type=date_parsing, input_value='2024-1-01']"},
		{"date with time", `{"day":"2024-01-01T00:00:00Z"}`, "day | Input should be a valid date in the format YYYY-MM-DD, unexpected extra characters at the end of the input [type=date_parsing, input_value='2024-01-01T00:00:00Z']"},
		{"time", `{"clock":"25:00:00Z"}`, "clock | Input should be in a valid time format, hour value is outside expected range of 0-23 [type=time_parsing, input_value='25:00:00Z']"},
		{"time separator", `{"clock":"10-00"}`, "clock | Input should be in a valid time format, invalid time separator, expected `:` [type=time_parsing, input_value='10-00']"},
		{"time without offset", `{"clock":"10:00:00"}`, "clock | Input should have timezone info [type=timezone_aware, input_value='10:00:00']"},
		{"uuid group count", `{"id":"123e4567-e89b-12d3-a456"}`, "id | Input should be a valid UUID, invalid group count: expected 5, found 4 [type=uuid_parsing, input_value='123e4567-e89b-12d3-a456']"},
		{"uuid group length", `{"id":"123e4567-e89b-12d3-a456-4266141740001"}`, "id | Input should be a valid UUID, invalid group length in group 4: expected 12, found 13 [type=uuid_parsing, input_value='123e4567-e89b-12d3-a456-4266141740001']"},
		{"uuid character", `{"id":"123e4567-e89b-12d3-a456-42661417400g"}`, "id | Input should be a valid UUID, invalid character: found `g` at 36 [type=uuid_parsing, input_value='123e4567-e89b-12d3-a456-42661417400g']"},
		{"uuid length", `{"id":""}`, "id | Input should be a valid UUID, invalid length: expected length 32 for simple format, found 0 [type=uuid_parsing, input_value='']"},
		{"uri empty", `{"site":""}`, "site | Input should be a valid URL, input is empty [type=url_parsing, input_value='']"},
		{"uri relative", `{"site":"/rel"}`, "site | Input should be a valid URL, relative URL without a base [type=url_parsing, input_value='/rel']"},
		{"uri empty host", `{"site":"http://"}`, "site | Input should be a valid URL, empty host [type=url_parsing, input_value='http://']"},
		{"uri port", `{"site":"http://a:99999"}`, "site | Input should be a valid URL, invalid port number [type=url_parsing, input_value='http://a:99999']"},
		{"uri port letters", `{"site":"http://a:b"}`, "site | Input should be a valid URL, invalid port number [type=url_parsing, input_value='http://a:b']"},
		{"uri IPv4", `{"site":"http://1.2.3.256"}`, "site | Input should be a valid URL, invalid IPv4 address [type=url_parsing, input_value='http://1.2.3.256']"},
		{"uri IPv6", `{"site":"http://[1::2::3]"}`, "site | Input should be a valid URL, invalid IPv6 address [type=url_parsing, input_value='http://[1::2::3]']"},
		{"uri IPv6 zone", `{"site":"http://[fe80::1%25eth0]/"}`, "site | Input should be a valid URL, invalid IPv6 address [type=url_parsing, input_value='http://[fe80::1%25eth0]/']"},
		{"email no @", `{"mail":"nobody"}`, "mail | value is not a valid email address: An email address must have an @-sign. [type=value_error, input_value='nobody']"},
		{"email no period", `{"mail":"my@localhost"}`, "mail | value is not a valid email address: The part after the @-sign is not valid. It should have a period. [type=value_error, input_value='my@localhost']"},
		{"email nothing before", `{"mail":"@example.com"}`, "mail | value is not a valid email address: There must be something before the @-sign. [type=value_error, input_value='@example.com']"},
		{"email space", `{"mail":"white space@test.com"}`, "mail | value is not a valid email address: The email address contains invalid characters before the @-sign: SPACE. [type=value_error, input_value='white space@test.com']"},
		{"email bang", `{"mail":"me@x!.com"}`, "mail | value is not a valid email address: The part after the @-sign contains invalid characters: '!'. [type=value_error, input_value='me@x!.com']"},
		{"email two periods", `{"mail":"my@twodots..com"}`, "mail | value is not a valid email address: An email address cannot have two periods in a row. [type=value_error, input_value='my@twodots..com']"},
		{"base64 symbol", `{"data":"a$bc"}`, "data | Data should be valid base64: Invalid symbol 36, offset 1. [type=bytes_invalid_encoding, input_value='a$bc']"},
		{"base64 length", `{"data":"Q"}`, "data | Data should be valid base64: Invalid input length: 1 [type=bytes_invalid_encoding, input_value='Q']"},
		{"base64 padding", `{"data":"QQ"}`, "data | Data should be valid base64: Invalid padding [type=bytes_invalid_encoding, input_value='QQ']"},
		{"number too large", `{"x":1e400}`, "x | Input should be a finite number [type=finite_number, input_value=1e400]"},
		{"integer too large", `{"n":-1e400}`, "n | Input should be a finite number [type=finite_number, input_value=-1e400]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := diffLines([]string{tt.want}, check(t, s, tt.args)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
	valid := `{"at":"2024-01-01T10:00:00.123456789+01:00","day":"2024-02-29","clock":"23:59:59.5Z",
		"id":"123E4567-e89b-12d3-a456-426614174000","site":"mailto:x","mail":"a.b+c@example.co.uk",
		"data":"QQ==","x":1e308,"n":9223372036854775807}`
	if got := check(t, s, valid); got != nil {
		t.Errorf("valid input refused: %q", got)
	}
}
