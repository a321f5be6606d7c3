"""A reference FastAPI app of the spec's request model (docs/API.md, Errors).

tests/api/fastapi-reference.test.ts starts it and sends it the same invalid requests as the
service; both must answer 422 with the same entries (`loc`, `type`, `msg`), each once. Its handlers
only validate (200 `{}`).

Run with Debian's interpreter: `/usr/bin/python3 tests/reference/spec_app.py` (python3-fastapi,
python3-uvicorn); it prints the port it listens on (127.0.0.1, chosen by the system), then serves.

Debian bookworm ships pydantic 1.10 (v1), the service follows pydantic v2. Where the two differ, this
app reproduces v2 with its own types and validators (their comments say which v2 rule each keeps):
- scalars: v1 coerces (1.9 -> int 1, "1.5" -> 1.5, 5 -> "5"); here each type checks as v2 does, with
  v2's error types. The service does not convert between JSON types at all (a string is never read as
  a number or a boolean, nor a number as a boolean), as pydantic v2's strict mode; query and path
  values are text and are parsed as v2 parses them (`+1_000`, ` 12 `, `12.0` are integers; the
  booleans `true`/`on`/`1`...).
- lists: v2 reports a list over its maximum length alone, and too few items only when every item is
  valid; a pair ([latitude, longitude]) is a v2 tuple: a missing item is `missing` at its index.
- models: v1 reads a list of pairs as a dict; v2 refuses anything but an object; null for a field
  that does not take it fails as the field's type (v1: none.not_allowed).
- the service's own bounds and rules, stricter than the spec on purpose, are encoded the same way:
  [lat, lon] in range, the time formats as real calendar times, 25 sections and 12,000 km, the
  driver's hours, min_kW <= max_kW, id ranges.
- cross-field rules (the service's own, stricter than the spec): checked when the fields they read
  are valid, reported at the field named below. v1 puts a root validator's errors under
  `__root__`; v2 has no such marker, so the error handler drops it.
"""
import math
import re
import socket
import sys
from datetime import date
from typing import Any, Callable, List, Optional

import uvicorn
from fastapi import FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Extra, ValidationError, root_validator, validator
from pydantic.error_wrappers import ErrorWrapper
from pydantic.errors import PydanticValueError

MAX_ID = 2_147_483_647
MAX_SECTIONS = 25
MAX_TOUR_STRAIGHT_KM = 12_000


class V2Error(PydanticValueError):
    """An error carrying pydantic v2's type (v1 would name it value_error.<code>)."""

    code = "v2"
    msg_template = "{msg}"

    def __init__(self, v2_type: str, msg: str) -> None:
        super().__init__(v2_type=v2_type, msg=msg)


class _Errors(BaseModel):
    """Only a model to hang raised ValidationErrors on."""


def errors_at(pairs):
    """Several errors at sub-locations of one field (v1 flattens them below the field's loc)."""
    return ValidationError([ErrorWrapper(exc, loc=loc) for loc, exc in pairs], _Errors)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ---- scalars ---------------------------------------------------------------------------------

FLOAT_TEXT = re.compile(r"\s*[+-]?((?=\.?\d)\d*(_\d+)*\.?\d*(_\d+)*([eE][+-]?\d+)?|inf|infinity|nan)\s*", re.I | re.ASCII)


def is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def bounds(v, ge, le, gt=None):
    if gt is not None and not v > gt:
        raise V2Error("greater_than", f"Input should be greater than {fmt(gt)}")
    if ge is not None and v < ge:
        raise V2Error("greater_than_equal", f"Input should be greater than or equal to {fmt(ge)}")
    if le is not None and v > le:
        raise V2Error("less_than_equal", f"Input should be less than or equal to {fmt(le)}")
    return v


def fmt(n) -> str:
    return str(int(n)) if float(n).is_integer() else str(n)


def scalar(check: Callable[[Any], Any]):
    class Scalar:
        @classmethod
        def __get_validators__(cls):
            yield check

    Scalar.check = staticmethod(check)
    return Scalar


def Number(ge=None, le=None):
    """v2: a JSON number (v1 would read "1.5" and true)."""

    def check(v):
        if not is_number(v):
            if isinstance(v, str) and not FLOAT_TEXT.fullmatch(v):
                raise V2Error("float_parsing", "Input should be a valid number, unable to parse string as a number")
            raise V2Error("float_type", "Input should be a valid number")
        if isinstance(v, float) and not math.isfinite(v):
            raise V2Error("finite_number", "Input should be a finite number")
        return bounds(v, ge, le)

    return scalar(check)


def Integer(ge=None, le=None):
    """v2: a JSON number without a fractional part (v1 would truncate 1.9 to 1)."""

    def check(v):
        if not is_number(v):
            if isinstance(v, str) and parse_int_text(v) is None:
                raise V2Error("int_parsing", "Input should be a valid integer, unable to parse string as an integer")
            raise V2Error("int_type", "Input should be a valid integer")
        if isinstance(v, float) and not v.is_integer():
            raise V2Error("int_from_float", "Input should be a valid integer, got a number with a fractional part")
        return bounds(int(v), ge, le)

    return scalar(check)


def parse_int_text(s: str) -> Optional[int]:
    """v2's reading of an integer in text (pydantic-core str_as_int): surrounding whitespace, a
    leading + or -, leading zeros, `_` between digits and a `.0` tail are allowed; nothing else
    (v1's int() would also take Unicode digits)."""
    t = s.strip()
    m = re.fullmatch(r"([+-]?)(\d+(?:_\d+)*)(?:\.0+)?", t, re.ASCII)
    if not m or t.startswith("+-"):
        return None
    return int(m.group(1) + m.group(2).replace("_", ""))


def QueryInt(ge=None, le=None):
    """v2: a query or path integer, parsed from text as v2 does."""

    def check(v):
        n = parse_int_text(v) if isinstance(v, str) else None
        if n is None:
            raise V2Error("int_parsing", "Input should be a valid integer, unable to parse string as an integer")
        return bounds(n, ge, le)

    return scalar(check)


TRUE_TEXT = {"1", "t", "y", "on", "yes", "true"}
FALSE_TEXT = {"0", "f", "n", "no", "off", "false"}


def _bool_text(s: str) -> Optional[bool]:
    if s in ("0", "1"):
        return s == "1"
    low = s.lower()
    return True if low in TRUE_TEXT else False if low in FALSE_TEXT else None


def _bool_check(v):
    """v2: a JSON boolean; where lax v2 would convert (1, "yes") the type is bool_type."""
    if isinstance(v, bool):
        return v
    if isinstance(v, str) and _bool_text(v) is None:
        raise V2Error("bool_parsing", "Input should be a valid boolean, unable to interpret input")
    if is_number(v) and float(v).is_integer() and v not in (0, 1):
        raise V2Error("bool_parsing", "Input should be a valid boolean, unable to interpret input")
    raise V2Error("bool_type", "Input should be a valid boolean")


Bool = scalar(_bool_check)


def _query_bool(v):
    b = _bool_text(v) if isinstance(v, str) else None
    if b is None:
        raise V2Error("bool_parsing", "Input should be a valid boolean, unable to interpret input")
    return b


QueryBool = scalar(_query_bool)


def Text(min_length=None, max_length=None, strip=False):
    """v2: a JSON string (v1 would turn 5 into "5"); lengths in code points."""

    def check(v):
        if not isinstance(v, str):
            raise V2Error("string_type", "Input should be a valid string")
        s = v.strip() if strip else v
        if min_length is not None and len(s) < min_length:
            raise V2Error("string_too_short", f"String should have at least {plural(min_length, 'character')}")
        if max_length is not None and len(s) > max_length:
            raise V2Error("string_too_long", f"String should have at most {plural(max_length, 'character')}")
        return s

    return scalar(check)


def Literal(*allowed: str):
    """v2's Literal: the value itself, with v2's message (v1: unexpected_value)."""
    listed = [f"'{a}'" for a in allowed]
    msg = "Input should be " + (listed[0] if len(listed) == 1 else f"{', '.join(listed[:-1])} or {listed[-1]}")

    def check(v):
        if not isinstance(v, str) or v not in allowed:
            raise V2Error("literal_error", msg)
        return v

    return scalar(check)


# The service's time rule (stricter than the spec's `HH:MM:SS` or ISO-8601 on purpose): a real time
# of day, or a real calendar date-time with an optional offset of at most 23:59.
TIME_ONLY = re.compile(r"([01]\d|2[0-3]):[0-5]\d:[0-5]\d", re.ASCII)
ISO_DATETIME = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?", re.ASCII
)


def is_time_value(s: str) -> bool:
    if TIME_ONLY.fullmatch(s):
        return True
    m = ISO_DATETIME.fullmatch(s)
    if not m:
        return False
    y, mo, d, h, mi = (int(x) for x in m.group(1, 2, 3, 4, 5))
    sec = int(m.group(6) or 0)
    oh, om = int(m.group(7) or 0), int(m.group(8) or 0)
    if not (1 <= mo <= 12 and h <= 23 and mi <= 59 and sec <= 59 and oh <= 23 and om <= 59):
        return False
    try:
        date(y, mo, d)
    except ValueError:
        return False
    return y >= 1


def _time_check(v):
    if not isinstance(v, str):
        raise V2Error("string_type", "Input should be a valid string")
    if not is_time_value(v):
        raise V2Error("value_error", "Value error, Input should be a time HH:MM:SS or an ISO-8601 date-time")
    return v


TimeText = scalar(_time_check)

HEX36 = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
UUID_FORMS = re.compile(rf"[0-9a-fA-F]{{32}}|{HEX36}|\{{{HEX36}\}}|urn:uuid:{HEX36}")


def _uuid_check(v):
    """v2's UUID from text (Rust's uuid crate): 32 hex digits, hyphenated, braced or urn:uuid:; any version."""
    if not (isinstance(v, str) and UUID_FORMS.fullmatch(v)):
        raise V2Error("uuid_parsing", "Input should be a valid UUID")
    return v


Uuid = scalar(_uuid_check)


# ---- containers ------------------------------------------------------------------------------


def validate_item(item_type, v):
    return item_type.validate(v) if isinstance(item_type, type) and issubclass(item_type, BaseModel) else item_type.check(v)


def V2List(item_type, min_length=None, max_length=None, after=None):
    """v2's list: too many items is the only error; too few only when every item is valid."""

    def check(v):
        if not isinstance(v, list):
            raise V2Error("list_type", "Input should be a valid list")
        if max_length is not None and len(v) > max_length:
            raise V2Error("too_long", f"List should have at most {plural(max_length, 'item')} after validation, not {len(v)}")
        out, errors = [], []
        for i, x in enumerate(v):
            try:
                out.append(validate_item(item_type, x))
            except (ValueError, TypeError, AssertionError) as e:
                errors.append(((i,), e))
        if errors:
            raise errors_at(errors)
        if min_length is not None and len(out) < min_length:
            raise V2Error("too_short", f"List should have at least {plural(min_length, 'item')} after validation, not {len(out)}")
        if after:
            after(out)
        return out

    return scalar(check)


def V2Tuple(*item_types):
    """v2's fixed tuple: extra items are one too_long; each absent item is `missing` at its index."""

    def check(v):
        if not isinstance(v, list):
            raise V2Error("tuple_type", "Input should be a valid tuple")
        if len(v) > len(item_types):
            raise V2Error("too_long", f"Tuple should have at most {plural(len(item_types), 'item')} after validation, not {len(v)}")
        out, errors = [], []
        for i, t in enumerate(item_types):
            if i >= len(v):
                errors.append(((i,), V2Error("missing", "Field required")))
                continue
            try:
                out.append(t.check(v[i]))
            except (ValueError, TypeError, AssertionError) as e:
                errors.append(((i,), e))
        if errors:
            raise errors_at(errors)
        return out

    return scalar(check)


class V2Model(BaseModel):
    class Config:
        extra = Extra.ignore

    @validator("*", pre=True)
    def not_null(cls, v, field):
        # v2: null for a field that does not take it fails as the field's type (v1: none.not_allowed).
        if v is None and not field.allow_none:
            validate_item(field.type_, None)
        return v

    @classmethod
    def validate(cls, value):
        # v2: only an object is a model's input (v1 would take [["min_kW", 1]] as a dict).
        if not isinstance(value, dict):
            raise V2Error("model_attributes_type", "Input should be a valid dictionary or object to extract fields from")
        return super().validate(value)


def cross_field(values, checks):
    """Runs each (fields read, check) whose fields are all valid (v1 leaves invalid ones out of
    `values`); a check returns (field, type, msg) or None."""
    errors = []
    for fields, check in checks:
        if all(f in values for f in fields):
            found = check(*(values[f] for f in fields))
            if found:
                field, type_, msg = found
                errors.append(((field,), V2Error(type_, msg)))
    if errors:
        raise errors_at(errors)
    return values


# ---- the request model (the spec's, with the service's documented bounds) ----------------------

Latitude = Number(-90, 90)
Longitude = Number(-180, 180)
LatLon = V2Tuple(Latitude, Longitude)


class SectionRequest(V2Model):
    start_pos: LatLon
    stop_pos: LatLon
    payload_kg: Number(0, 100_000)
    section_id: Optional[Text(max_length=200)] = None
    start_label: Optional[Text(max_length=200)] = None
    stop_label: Optional[Text(max_length=200)] = None
    service_time_min: Optional[Number(0, 24 * 60)] = None
    opening_time: Optional[V2List(TimeText, 2, 2)] = None
    power_available_kW: Optional[Number(0, 5_000)] = None


class POIInfo(V2Model):
    min_kW: Optional[Number(0)] = None
    max_kW: Optional[Number(0)] = None
    cpo: Optional[V2List(Text(min_length=1))] = None
    truck_approved: Optional[Literal("T", "TT")] = None
    connector_type: Optional[V2List(Literal("MCS", "CCS"))] = None
    connector_pos: Optional[Literal("LEFT", "RIGHT")] = None
    bookable: Optional[Bool] = None

    @root_validator(skip_on_failure=False)
    def min_not_above_max(cls, values):
        def check(lo, hi):
            if lo is not None and hi is not None and lo > hi:
                return ("max_kW", "value_error", "Value error, min_kW must not exceed max_kW")

        return cross_field(values, [(("min_kW", "max_kW"), check)])


class DriverRequest(V2Model):
    extended_daily_driving: Optional[Bool] = None
    driven_since_break_min: Optional[Number(0, 270)] = None
    driven_today_min: Optional[Number(0, 600)] = None
    since_daily_rest_min: Optional[Number(0, 780)] = None
    reduced_daily_rests_left: Optional[Integer(0, 3)] = None

    @root_validator(skip_on_failure=False)
    def hours(cls, values):
        def daily_limit(extended, today):
            limit = 600 if extended else 540
            if (today or 0) > limit:
                return ("driven_today_min", "less_than_equal", f"Input should be less than or equal to {limit} (the daily driving limit)")

        def since_rest(since, today):
            if since is not None and since < (today or 0):
                return ("since_daily_rest_min", "value_error", "Value error, since_daily_rest_min cannot be less than driven_today_min")

        def since_break(since_break, today):
            if (since_break or 0) > (today or 0):
                return ("driven_since_break_min", "value_error", "Value error, driven_since_break_min cannot exceed driven_today_min")

        return cross_field(values, [
            (("extended_daily_driving", "driven_today_min"), daily_limit),
            (("since_daily_rest_min", "driven_today_min"), since_rest),
            (("driven_since_break_min", "driven_today_min"), since_break),
        ])


def straight_km(a, b) -> float:
    rad = math.pi / 180
    h = math.sin((b[0] - a[0]) * rad / 2) ** 2 + math.cos(a[0] * rad) * math.cos(b[0] * rad) * math.sin((b[1] - a[1]) * rad / 2) ** 2
    return 2 * 6371.0088 * math.asin(min(1, math.sqrt(h)))


def tour_length(sections):
    # The service's bound on a request's size (stricter than the spec on purpose), on the list.
    km = sum(straight_km(s.start_pos, s.stop_pos) for s in sections)
    if km > MAX_TOUR_STRAIGHT_KM:
        raise V2Error(
            "tour_too_long",
            f"The tour is {round(km):,} km in straight lines from each section's start to its stop; "
            f"at most {MAX_TOUR_STRAIGHT_KM:,} km per request: split it into several tours",
        )


class RouteOptimizationRequest(V2Model):
    vehicle_id: Text(1, 200)
    battery_level_start: Number(0.1, 1)
    section_list: V2List(SectionRequest, 1, MAX_SECTIONS, after=tour_length)
    poi_info: POIInfo
    battery_level_end: Optional[Number(0.1, 0.8)] = None
    service_time_departure_min: Optional[Number(0, 24 * 60)] = None
    value_of_time_eur_per_h: Optional[Number(0, 1_000)] = None
    cost_per_km_eur: Optional[Number(0, 10)] = None
    cost_options: Optional[Bool] = None
    objective: Optional[Literal("balanced", "fastest", "cheapest")] = None
    avoid_tolls: Optional[Bool] = None
    start_time_tour: Optional[TimeText] = None
    include_available_charging_stations: Optional[Bool] = None
    driver: Optional[DriverRequest] = None


# ---- the endpoints ----------------------------------------------------------------------------

app = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)


@app.exception_handler(RequestValidationError)
async def v2_details(_: Request, exc: RequestValidationError):
    detail = []
    for e in exc.errors():
        ctx = e.get("ctx") or {}
        v1_type = e["type"]
        type_ = ctx.get("v2_type") or {"value_error.missing": "missing"}.get(v1_type, v1_type)
        msg = "Field required" if type_ == "missing" else e["msg"]
        detail.append({"loc": [p for p in e["loc"] if p != "__root__"], "msg": msg, "type": type_})
    return JSONResponse(status_code=422, content={"detail": detail})


Corridor = QueryInt(1000, 20000)
MinCharge = QueryInt(0, 100)
TenantId = QueryInt(1, MAX_ID)


@app.post("/planner/v2")
def submit(
    body: RouteOptimizationRequest,
    corridor: Corridor = Query(8000),
    min_charge_duration_min: MinCharge = Query(0),
    tenant_id: Optional[TenantId] = Query(None),
):
    return {}


@app.post("/planner")
def plan(
    body: RouteOptimizationRequest,
    corridor: Corridor = Query(8000),
    min_charge_duration_min: MinCharge = Query(0),
    tenant_id: Optional[TenantId] = Query(None),
    include_available_charging_stations: Optional[QueryBool] = Query(None),
):
    return {}


@app.get("/planner/jobs/{job_id}")
def job(job_id: Uuid = Path(...)):
    return {}


@app.get("/planner/optimizations/{optimization_id}/result")
def result(
    optimization_id: QueryInt(1, MAX_ID) = Path(...),
    tenant_id: Optional[TenantId] = Query(None),
    option: Optional[QueryInt(0, 4)] = Query(None),
    include_available_charging_stations: QueryBool = Query(True),
):
    return {}


@app.get("/vehicles/info/models")
def models(manufacturer: Optional[List[str]] = Query(None)):
    return {}


@app.get("/routing/geocode")
def geocode(address: Text(1, 300, strip=True) = Query(...)):
    return {}


@app.get("/poi/cpos")
def cpos():
    return {}


if __name__ == "__main__":
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    print(sock.getsockname()[1], flush=True)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False))
    server.run(sockets=[sock])
    sys.exit(0)
