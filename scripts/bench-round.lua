-- wrk script of `make bench`: records Cabo rounds through the scoreboard's htmx form.
--
-- Arguments (after `--`): a pool file, one match a line: "<form path> <page URL> <next
-- round number> <players> <version of the board>", the number of wrk threads and the
-- run's number. Each thread takes every n-th match of the pool and posts to its
-- matches in turn, so a match gets its next round only after the thread has sent one
-- to each of its other matches: with a pool many times the number of connections, two
-- requests in flight never aim at the same match. Every request carries the right
-- round number and a fresh entry key (thread, run and counter: unique across the runs
-- of one bench, which post to the same matches). The caller holds 0, everyone else 1:
-- the totals grow by 1 a round at most, so matches played to 1000 never end.
--
-- The headers (session and CSRF cookies, X-CSRFToken, HX-Request...) come from wrk's
-- -H options; bench.py counts the rounds really recorded afterwards.

local next_index = 0

function setup(thread)
  thread:set("index", next_index)
  next_index = next_index + 1
end

local pool = {}
local slot = 0
local sent = 0

local run = 0

function init(args)
  local threads = tonumber(args[2])
  run = tonumber(args[3] or "0")
  local line_number = 0
  for line in io.lines(args[1]) do
    local path, page, number, players, seen = line:match("^(%S+) (%S+) (%d+) (%d+) (%d+)$")
    if path and line_number % threads == index then
      pool[#pool + 1] = {
        path = path, page = page, number = tonumber(number), players = tonumber(players),
        seen = tonumber(seen),
      }
    end
    line_number = line_number + 1
  end
  if #pool == 0 then
    error("bench-round.lua: no match for thread " .. index .. " in " .. args[1])
  end
  wrk.method = "POST"
end

function request()
  slot = slot % #pool + 1
  local match = pool[slot]
  local number = match.number
  match.number = number + 1
  -- The board the form came with: the one the previous round's answer made.
  local seen = match.seen
  match.seen = seen + 1
  sent = sent + 1
  local caller = (number - 1) % match.players
  local fields = {
    "number=" .. number,
    string.format("entry_key=%08x-%04x-4000-8000-%012x", index + 1, run, sent),
    "caller=" .. caller,
    "seen=" .. seen,
  }
  for seat = 0, match.players - 1 do
    fields[#fields + 1] = "hand_" .. seat .. "=" .. (seat == caller and 0 or 1)
  end
  wrk.headers["HX-Current-URL"] = match.page
  return wrk.format(nil, match.path, nil, table.concat(fields, "&"))
end
