"""The app's own URLs plus the benchmark's reference views; only with `SCOREPAD_BENCH=1`."""

from __future__ import annotations

from django.urls import path

from scorepad.bench import views
from scorepad.urls import urlpatterns as app_urlpatterns

urlpatterns = [
    path("bench/ok/", views.ok, name="bench_ok"),
    path("bench/template/", views.template, name="bench_template"),
    path("bench/write/", views.write, name="bench_write"),
    *app_urlpatterns,
]
