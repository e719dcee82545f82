"""English as read around the table in Europe, where our English-speaking players are
first: "3 Dec 2026, 21:09". Django's English is American ("Dec. 3, 2026, 9:09 p.m."),
which reads the day and month the other way round from every other language we show."""

DATE_FORMAT = "j M Y"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j M Y, H:i"
SHORT_DATE_FORMAT = "d/m/Y"
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
MONTH_DAY_FORMAT = "j F"
YEAR_MONTH_FORMAT = "F Y"
FIRST_DAY_OF_WEEK = 1  # Monday
