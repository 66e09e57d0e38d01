-- wrk: every response must be a 200 carrying a whole OpenMetrics exposition of a live sample
wrk.headers["Accept"] = "application/openmetrics-text; version=1.0.0"

local threads = {}

function setup(thread)
	table.insert(threads, thread)
end

function init(args)
	good = 0
	bad = 0
end

function response(status, headers, body)
	if status == 200 and body:sub(-6) == "# EOF\n" and body:find("\npmuctl_up 1\n", 1, true) then
		good = good + 1
	else
		bad = bad + 1
	end
end

function done(summary, latency, requests)
	local g, b = 0, 0
	for _, t in ipairs(threads) do
		g = g + t:get("good")
		b = b + t:get("bad")
	end
	io.write(string.format("checked: %d good, %d bad, %d requests\n", g, b, summary.requests))
end
