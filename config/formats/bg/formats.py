"""Bulgarian dates and times as Bulgarians write them (Django's own use the US order and a
12-hour clock): 03.12.2026 18:00."""

DATE_FORMAT = "d.m.Y г."
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "d.m.Y г., H:i"
SHORT_DATE_FORMAT = "d.m.Y"
SHORT_DATETIME_FORMAT = "d.m.Y H:i"
FIRST_DAY_OF_WEEK = 1
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "\xa0"
NUMBER_GROUPING = 3
