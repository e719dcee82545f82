from django.contrib import admin
from django.urls import include, path

from scorepad.core import pwa
from scorepad.core import views as core_views
from scorepad.matches import home

urlpatterns = [
    path("", home.home, name="home"),
    path("healthz", core_views.health, name="health"),
    path("favicon.ico", pwa.favicon, name="favicon"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/", pwa.offline, name="offline"),
    path("matches/", include("scorepad.matches.urls")),
    path("live/", include("scorepad.matches.live_urls")),
    path("rules/", include("scorepad.guide.urls")),
    path("history/", include("scorepad.records.urls")),
    path("account/", include("scorepad.accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

handler400 = "scorepad.core.errors.bad_request"
handler403 = "scorepad.core.errors.permission_denied"
handler404 = "scorepad.matches.live.page_not_found"
handler500 = "scorepad.core.errors.server_error"
