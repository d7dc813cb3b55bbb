#!/usr/bin/env ruby
changed = IO.popen(["git", "diff", "--name-only", "origin/main", "--", "*.rb"], &:read).split("\n")
changed.select! { |f| File.exist?(f) }
if changed.empty?
  puts "no Ruby changes"
  exit 0
end
ok = system("bundle", "exec", "rubocop", "--format", "simple", *changed)
exit(ok ? 0 : 1)
