-- wrk script of `make bench`: the same form POSTed on every request (a reference write).
-- Argument (after `--`): the form's body, url-encoded. The headers (session and CSRF
-- cookies, X-CSRFToken, Content-Type) come from wrk's -H options.

function init(args)
  wrk.method = "POST"
  wrk.body = args[1]
end
