#!/usr/bin/env node
// Writes the demo records into the local D1 database. Idempotent: every row has a fixed id and is
// inserted with INSERT OR IGNORE, so a second run changes nothing. The FAQ is replaced as a whole
// from content/faq/ (scripts/faq-content.mjs), so an edited file shows after the next seed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateNKeysBetween } from 'fractional-indexing';
import { demoConsultants, demoParty, demoTemplate } from './demo-data.mjs';
import { faqSql } from './faq-content.mjs';

const LOCAL_ISSUER = 'http://localhost:9090';

const quote = (value) => (value === null || value === undefined ? 'NULL' : `'${String(value).replaceAll("'", "''")}'`);

export function seedSql(now = Date.now()) {
  const lines = [];
  for (const consultant of demoConsultants) {
    lines.push(
      `INSERT OR IGNORE INTO users (id, oidc_issuer, oidc_sub, email, first_name, last_name, company_name, created_at) VALUES (${[
        consultant.userId,
        LOCAL_ISSUER,
        consultant.sub,
        consultant.email,
        consultant.givenName,
        consultant.familyName,
        consultant.companyName,
      ]
        .map(quote)
        .join(', ')}, ${now});`,
    );
    consultant.profiles.forEach((profile, index) => {
      lines.push(
        `INSERT OR IGNORE INTO profiles (id, short_id, user_id, first_name, last_name, email, phone_no, website, biography, created_at) VALUES (${[
          profile.id,
          profile.shortId,
          consultant.userId,
          profile.firstName,
          profile.lastName,
          profile.email,
          profile.phoneNo,
          profile.website,
          profile.biography,
        ]
          .map(quote)
          .join(', ')}, ${now + index});`,
      );
    });
    lines.push(
      `INSERT OR IGNORE INTO user_settings (user_id, company_mode, updated_at) VALUES (${quote(consultant.userId)}, ${consultant.companyMode ? 1 : 0}, ${now});`,
    );
  }
  lines.push(
    `INSERT OR IGNORE INTO parties (id, short_id, user_id, profile_id, title, host, start_at, expires_at, password_hash, restricted_messaging, created_at, updated_at) VALUES (${[
      demoParty.id,
      demoParty.shortId,
      demoParty.userId,
      demoParty.profileId,
      demoParty.title,
      demoParty.host,
    ]
      .map(quote)
      .join(', ')}, NULL, NULL, NULL, 0, ${now}, ${now});`,
  );
  lines.push(
    `INSERT OR IGNORE INTO templates (id, user_id, folder_id, title, created_at, updated_at) VALUES (${[demoTemplate.id, demoTemplate.userId].map(quote).join(', ')}, NULL, ${quote(demoTemplate.title)}, ${now}, ${now});`,
  );
  const ranks = generateNKeysBetween(null, null, demoTemplate.messages.length);
  demoTemplate.messages.forEach(([messageType, message], index) => {
    const id = `${demoTemplate.id.slice(0, -4)}${String(2101 + index).padStart(4, '0')}`;
    lines.push(
      `INSERT OR IGNORE INTO template_messages (id, template_id, rank, message_type, message, media_id, created_at, updated_at) VALUES (${[
        id,
        demoTemplate.id,
        ranks[index],
        messageType,
        message,
      ]
        .map(quote)
        .join(', ')}, NULL, ${now}, ${now});`,
    );
  });
  return lines.join('\n') + '\n' + faqSql();
}

export function seed({ persistTo } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'salon-seed-'));
  const file = join(dir, 'seed.sql');
  writeFileSync(file, seedSql());
  try {
    const args = ['d1', 'execute', 'DB', '--local', '--file', file];
    if (persistTo) args.push('--persist-to', persistTo);
    // The project's own wrangler, not through npx (which adds npm's start-up and its warnings).
    execFileSync(fileURLToPath(new URL('../node_modules/.bin/wrangler', import.meta.url)), args, { stdio: ['ignore', 'ignore', 'inherit'] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  seed();
  console.log('Demo data is in the local database.');
}
