#!/usr/bin/env python3
"""Writes corpus.json: for each Pydantic model below, the JSON Schema Pydantic
publishes for it and, for each input (JSON text, as an MCP client sends tool
arguments), the exact lines of the ValidationError Pydantic raises when the
Python SDK validates those arguments (Python mode, see
as_the_python_sdk_reads), or none.

The Go test sdk/pydantic_corpus_test.go serves each schema as a tool's input
schema, calls the tool with each input and compares the sdk's error text line
for line. Re-run after changing a model or input (needs pydantic installed):

    python3 internal/pydantic/testdata/corpus.py > internal/pydantic/testdata/corpus.json
"""
import datetime, json, sys, uuid
from typing import Annotated, Literal, Optional

import pydantic
from pydantic import BaseModel, Field


class Limits(BaseModel):
    query: str
    limit: int = Field(default=10, ge=1, le=50)
    ratio: float = Field(default=0.5, gt=0, lt=1)
    step: int = Field(default=2, multiple_of=2)


class Strings(BaseModel):
    code: str = Field(min_length=2, max_length=4)
    tag: str = Field(default="a", pattern="^[a-z]+$")
    genre: Literal["fiction", "non-fiction", "poetry"] = "fiction"
    pair: Literal["a", "b"] = "a"
    only: Literal["x"] = "x"


class Lax(BaseModel):
    n: int = 0
    x: float = 0
    b: bool = False
    s: str = ""
    items: list[int] = []
    maybe: Optional[int] = None


class Book(BaseModel):
    title: str
    year: int = Field(ge=1450)


class Nested(BaseModel):
    book: Book
    books: list[Book] = []
    tags: list[Annotated[str, Field(max_length=3)]] = Field(default=[], min_length=1, max_length=2)
    pair: list[Annotated[str, Field(max_length=3)]] = Field(default=["a", "b"], min_length=2)


# Dates and times are accepted as Go's time.Time reads them, strictly (RFC
# 3339), so their refusals are worded as Pydantic's strict JSON mode words
# them, which names the reason ("hour value is outside expected range of
# 0-23"; Python mode would say "Input should be a valid datetime or date,
# unexpected extra characters at the end of the input").
STRICT_JSON = set()


class Formats(BaseModel):
    day: Optional[datetime.date] = None
    at: Optional[datetime.datetime] = None
    id: Optional[uuid.UUID] = None


STRICT_JSON.add(Formats)

MODELS = {
    Limits: [
        '{"query":"q"}', '{}', '{"query":"q","limit":0}', '{"query":"q","limit":51}',
        '{"query":"q","limit":"5"}', '{"query":"q","limit":"abc"}', '{"query":"q","limit":2.5}',
        '{"query":"q","limit":5.0}', '{"query":"q","ratio":0}', '{"query":"q","ratio":1}',
        '{"query":"q","ratio":"x"}', '{"query":"q","step":3}', '{"query":5}',
        '{"query":"q","limit":true}', '{"query":null}', '{"limit":100,"ratio":2}',
    ],
    Strings: [
        '{"code":"ab"}', '{"code":"a"}', '{"code":"abcde"}', '{"code":"ab","tag":"A1"}',
        '{"code":"ab","genre":"novel"}', '{"code":"ab","pair":"c"}', '{"code":"ab","only":"y"}',
        '{"code":"ab","genre":5}', '{"code":7}',
    ],
    Lax: [
        '{"n":"7","x":"2.5","b":"yes","s":"t"}', '{"b":"maybe"}', '{"b":2}', '{"b":1}', '{"b":"off"}',
        '{"x":"abc"}', '{"x":true}', '{"n":"1e3"}', '{"n":1e400}', '{"s":5}', '{"s":true}',
        '{"items":"[1,2]"}', '{"items":[1,"a",3.5]}', '{"items":{}}', '{"maybe":"x"}', '{"maybe":null}',
        '{"n":[]}', '{"n":{}}', '{"n":null}',
    ],
    Nested: [
        '{"book":{"title":"t","year":1500},"tags":["a"]}', '{"book":{}}', '{"book":"x"}', '{"book":"x","tags":["a"]}', '{"book":[1],"books":[5],"tags":["a"]}',
        '{"book":{"title":"t","year":1000},"books":[{"title":"u","year":1},{"year":2000}],"tags":["abcd","b","c"]}',
        '{"book":{"title":"t","year":1500},"tags":[]}',
        '{"book":{"title":"t","year":1500},"tags":["a"],"pair":["abcd"]}', '{"book":{"title":"t","year":1500},"tags":["a"],"pair":["x"]}',
        '{"book":{"title":"t","year":1500},"tags":["abcd","b","c"],"pair":[]}', '{"book":{"title":"t","year":"1500"},"tags":["a"]}',
    ],
    Formats: [
        '{"day":"2024-02-30"}', '{"day":"2024-13-01"}', '{"day":"x"}', '{"day":"2024-02-29"}',
        '{"at":"2024-01-01T00:00:00Z"}', '{"at":"2024-01-01T25:00:00Z"}', '{"at":"yesterday"}',
        '{"id":"0b1c8f2e-4a1d-4c55-9a3e-3f0f6b1d2c77"}', '{"id":"nope"}',
        '{"day":"2024-01-01x"}', '{"day":"24-01-01"}', '{"day":"2024-01-01T10:00:00Z"}', '{"day":"2024-01-01T00:00:00Z"}', '{"day":"2024-01-01T25:00"}',
        '{"day":"2024-01-01T10:00:00+0"}', '{"at":"2024-13-01T00:00:00Z"}', '{"at":"2024-01-01T10:61:00Z"}',
        '{"at":"2024-01-32"}', '{"at":"2024-01-01T10:00:00+0"}', '{"at":"2024-01-01T10:00:00.5+01:00"}',
        '{"at":"2024-01-01T10:00:00"}', '{"at":"2024-01-01"}', '{"at":"2024-01-01 10:00:00Z"}',
    ],
}


def as_the_python_sdk_reads(model, args):
    """The Python SDK validates a tool's arguments in Python mode, after
    reading a string sent for a field that is not a str as JSON when it
    holds an object or array (its func_metadata's pre-parse step)."""
    if not isinstance(args, dict):
        return args
    out = dict(args)
    for key, value in args.items():
        field = model.model_fields.get(key)
        if field is None or field.annotation is str or not isinstance(value, str):
            continue
        try:
            parsed = json.loads(value)
        except ValueError:
            continue
        if isinstance(parsed, (dict, list)):
            out[key] = parsed
    return out


def lines(model, text):
    try:
        if model in STRICT_JSON:
            model.model_validate_json(text, strict=True)
        else:
            model.model_validate(as_the_python_sdk_reads(model, json.loads(text)))
    except pydantic.ValidationError as e:
        out = str(e).split("\n")[1:]  # the title names the model; the sdk names the tool
        return [l for l in out if not l.startswith("    For further information")]
    return []


def main():
    corpus = {"pydantic": pydantic.VERSION, "models": []}
    for model, inputs in MODELS.items():
        corpus["models"].append({
            "name": model.__name__,
            "mode": "strict JSON" if model in STRICT_JSON else "Python, as the Python SDK",
            "schema": model.model_json_schema(),
            "cases": [{"input": t, "errors": lines(model, t)} for t in inputs],
        })
    json.dump(corpus, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
