#!/usr/bin/env node
// Setzt den Ticket-Status im Acme-Tracker und hängt optional den PR-Link an.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const API = 'https://tracker.acme.example/api/v2';
const ALLOWED = new Set(['in_progress', 'in_review', 'done']);

const { values } = parseArgs({
  options: { status: { type: 'string' }, pr: { type: 'string' } },
});

const token = process.env.ACME_TRACKER_TOKEN;
if (!token) {
  console.error('ACME_TRACKER_TOKEN ist nicht gesetzt.');
  process.exit(2);
}
if (!ALLOWED.has(values.status)) {
  console.error(`Unbekannter Status: ${values.status}. Erlaubt: ${[...ALLOWED].join(', ')}`);
  process.exit(2);
}

const branch = execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { encoding: 'utf8' }).trim();
const key = branch.match(/([A-Z]+-\d+)/)?.[1];
if (!key) {
  console.error(`Kein Ticket-Schlüssel im Branch "${branch}" gefunden.`);
  process.exit(2);
}

async function call(method, path, body) {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status}`);
  return res.status === 204 ? null : res.json();
}

const issue = await call('GET', `/issues/${key}`);
await call('POST', `/issues/${key}/transitions`, { to: values.status });
if (values.pr) {
  await call('POST', `/issues/${key}/links`, { url: values.pr, title: 'Pull Request' });
}
console.log(`${key} "${issue.title}" -> ${values.status}`);
