"""The unit converter's table: length, mass, temperature, data size, area, volume, speed and time.

Each unit has a dimension, its size in the dimension's SI unit and the symbol an
answer shows. Names are looked up as written first (``Mb`` is not ``MB``), then in
lower case. US customary measures are the US ones (gallon, pint, cup, fluid ounce);
the imperial ones are spelt ``imp gal``, ``imp pint``. A plain ``ton`` is refused:
short, long and metric tons differ. Docs: docs/dev/plugins.md (why a table, not pint).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True)
class Unit:
    dimension: str
    factor: float  # the size of one unit in the dimension's SI unit (temperature: see to_si)
    symbol: str
    offset: float = 0.0  # temperature: kelvin = value * factor + offset


def _unit(table: dict[str, Unit], dimension: str, factor: float, symbol: str, names: str,
          offset: float = 0.0) -> None:  # fmt: skip
    unit = Unit(dimension, factor, symbol, offset)
    for name in [symbol, *names.split("|")]:
        if name:
            table[name] = unit


def _build() -> dict[str, Unit]:
    t: dict[str, Unit] = {}
    inch = 0.0254
    for factor, symbol, names in (
        (1.0, "m", "meter|meters|metre|metres"), (1000.0, "km", "kilometer|kilometers|kilometre|kilometres"),
        (0.01, "cm", "centimeter|centimeters|centimetre|centimetres"),
        (0.001, "mm", "millimeter|millimeters|millimetre|millimetres"),
        (1e-6, "µm", "μm|um|micrometer|micrometers|micron|microns"), (1e-9, "nm", "nanometer|nanometers"),
        (1609.344, "mi", "mile|miles"), (0.9144, "yd", "yard|yards"), (0.3048, "ft", "foot|feet|'"),
        (inch, "in", "inch|inches|\""), (1852.0, "nmi", "nautical mile|nautical miles"),
    ):
        _unit(t, "length", factor, symbol, names)
    for factor, symbol, names in (
        (1.0, "kg", "kilogram|kilograms|kilo|kilos"), (0.001, "g", "gram|grams"), (1e-6, "mg", "milligram|milligrams"),
        (1e-9, "µg", "μg|ug|microgram|micrograms"), (1000.0, "t", "tonne|tonnes|metric ton|metric tons"),
        (0.45359237, "lb", "lbs|pound|pounds"), (0.028349523125, "oz", "ounce|ounces"),
        (6.35029318, "st", "stone|stones"), (907.18474, "short ton", "short tons|us ton|us tons"),
        (1016.0469088, "long ton", "long tons|imperial ton|imperial tons"),
    ):
        _unit(t, "mass", factor, symbol, names)
    _unit(t, "temperature", 1.0, "°C", "℃|C|degC|celsius|degree celsius|degrees celsius", 273.15)
    _unit(t, "temperature", 5 / 9, "°F", "℉|F|degF|fahrenheit|degree fahrenheit|degrees fahrenheit",
          273.15 - 32 * 5 / 9)
    _unit(t, "temperature", 1.0, "K", "kelvin|kelvins")
    _unit(t, "data", 1.0, "B", "byte|bytes")
    _unit(t, "data", 0.125, "bit", "bits")
    for power, prefix, binary in ((1, "k", "Ki"), (2, "M", "Mi"), (3, "G", "Gi"), (4, "T", "Ti"), (5, "P", "Pi")):
        word = {"k": "kilo", "M": "mega", "G": "giga", "T": "tera", "P": "peta"}[prefix]
        _unit(t, "data", 1000.0**power, f"{prefix}B", f"{prefix.upper()}B|{word}byte|{word}bytes")
        _unit(t, "data", 1024.0**power, f"{binary}B", f"{word[:2]}bibyte|{word[:2]}bibytes")
        _unit(t, "data", 1000.0**power / 8, f"{prefix}bit", f"{prefix.upper()}bit|{word}bit|{word}bits")
    for factor, symbol, names in (
        (1.0, "m²", "m2|sq m|square meter|square meters|square metre|square metres"),
        (1e6, "km²", "km2|sq km|square kilometer|square kilometers|square kilometre|square kilometres"),
        (1e-4, "cm²", "cm2|sq cm|square centimeter|square centimeters|square centimetre|square centimetres"),
        (1e-6, "mm²", "mm2|sq mm"), (1e4, "ha", "hectare|hectares"), (4046.8564224, "ac", "acre|acres"),
        (0.09290304, "ft²", "ft2|sq ft|square foot|square feet"), (inch**2, "in²", "in2|sq in|square inch|square inches"),
        (0.83612736, "yd²", "yd2|sq yd|square yard|square yards"),
        (2589988.110336, "mi²", "mi2|sq mi|square mile|square miles"),
    ):
        _unit(t, "area", factor, symbol, names)
    gallon = 231 * inch**3
    for factor, symbol, names in (
        (1.0, "m³", "m3|cubic meter|cubic meters|cubic metre|cubic metres"),
        (0.001, "L", "l|liter|liters|litre|litres"), (1e-6, "mL", "ml|milliliter|milliliters|millilitre|millilitres"),
        (1e-5, "cL", "cl|centiliter|centiliters|centilitre|centilitres"),
        (1e-4, "dL", "dl|deciliter|deciliters|decilitre|decilitres"), (1e-6, "cm³", "cm3|cc"),
        (gallon, "gal", "gallon|gallons|us gal|us gallon|us gallons"), (gallon / 4, "qt", "quart|quarts"),
        (gallon / 8, "pt", "pint|pints|us pint|us pints"), (gallon / 16, "cup", "cups"),
        (gallon / 128, "fl oz", "fluid ounce|fluid ounces|floz"), (gallon / 256, "tbsp", "tablespoon|tablespoons"),
        (gallon / 768, "tsp", "teaspoon|teaspoons"), (0.00454609, "imp gal", "imperial gallon|imperial gallons"),
        (0.00056826125, "imp pint", "imperial pint|imperial pints"),
        (0.028316846592, "ft³", "ft3|cu ft|cubic foot|cubic feet"), (inch**3, "in³", "in3|cu in|cubic inch|cubic inches"),
    ):
        _unit(t, "volume", factor, symbol, names)
    for factor, symbol, names in (
        (1.0, "m/s", "mps|meters per second|metres per second"), (1 / 3.6, "km/h", "kmh|kph|km/hr|kilometers per hour|kilometres per hour"),
        (0.44704, "mph", "mi/h|miles per hour"), (1852 / 3600, "kn", "kt|knot|knots"), (0.3048, "ft/s", "fps|feet per second"),
    ):
        _unit(t, "speed", factor, symbol, names)
    for factor, symbol, names in (
        (1.0, "s", "sec|secs|second|seconds"), (0.001, "ms", "millisecond|milliseconds"), (60.0, "min", "mins|minute|minutes"),
        (3600.0, "h", "hr|hrs|hour|hours"), (86400.0, "d", "day|days"), (604800.0, "wk", "week|weeks"),
    ):
        _unit(t, "time", factor, symbol, names)
    return t


def _lower(units: dict[str, Unit]) -> dict[str, Unit]:
    """Lower-case spellings that name one unit only (``mb`` is MB; ``gb``, ``kb`` too)."""
    found: dict[str, set[Unit]] = {}
    for name, unit in units.items():
        found.setdefault(name.lower(), set()).add(unit)
    return {name: next(iter(units)) for name, units in found.items() if len(units) == 1}


UNITS = _build()
LOWER = _lower(UNITS)


def lookup(name: str) -> Unit | None:
    """The unit ``name`` spells: as written, else in lower case when that is unambiguous."""
    name = " ".join(unicodedata.normalize("NFKC", name).split()).replace("° ", "°")
    return UNITS.get(name) or LOWER.get(name.lower())


def convert(value: float, source: Unit, target: Unit) -> float:
    """``value`` in ``source`` units, in ``target`` units (same dimension)."""
    si = value * source.factor + source.offset
    return (si - target.offset) / target.factor
