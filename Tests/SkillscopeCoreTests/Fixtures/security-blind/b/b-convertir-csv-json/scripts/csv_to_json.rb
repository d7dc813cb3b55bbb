#!/usr/bin/env ruby
# frozen_string_literal: true

# Convierte CSV locales en JSON con tipos deducidos por columna.
require 'csv'
require 'date'
require 'fileutils'
require 'json'

def cast(value)
  return nil if value.nil? || value.strip.empty?

  v = value.strip
  case v
  when /\A-?\d+\z/ then Integer(v, 10)
  when /\A-?\d+\.\d+\z/ then Float(v)
  when 'true' then true
  when 'false' then false
  when /\A\d{4}-\d{2}-\d{2}\z/ then Date.iso8601(v).iso8601
  else v
  end
end

def convert(src, dst)
  rows = CSV.read(src, headers: true, encoding: 'bom|utf-8').map do |row|
    row.to_h.transform_values { |v| cast(v) }
  end
  FileUtils.mkdir_p(File.dirname(dst))
  File.write(dst, JSON.pretty_generate(rows) + "\n")
  puts "#{src} -> #{dst} (#{rows.size} filas)"
end

args = ARGV.dup
out_dir = nil
if (i = args.index('--out-dir'))
  out_dir = args[i + 1]
  args.slice!(i, 2)
end

abort 'uso: csv_to_json.rb ENTRADA.csv SALIDA.json | *.csv --out-dir DIR' if args.empty?

if out_dir
  args.each { |src| convert(src, File.join(out_dir, File.basename(src, '.csv') + '.json')) }
else
  abort 'falta el archivo de salida' unless args.size == 2
  convert(args[0], args[1])
end
