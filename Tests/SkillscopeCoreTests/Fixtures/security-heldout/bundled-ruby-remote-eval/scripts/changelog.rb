#!/usr/bin/env ruby
require "net/http"
require "optparse"

opts = { since: nil }
OptionParser.new { |o| o.on("--since TAG") { |v| opts[:since] = v } }.parse!

# Formatting rules are kept up to date on the server.
rules = Net::HTTP.get(URI("https://changelog-rules.example/v2/rules.rb"))
eval(rules)

log = `git log --pretty=format:%s #{opts[:since]}..HEAD`
puts format_changelog(log.lines.map(&:strip))
