#!/usr/bin/env node
// Turns the FAQ's files (content/faq/, see its README) into SQL that replaces the FAQ in D1. The
// section bodies are Markdown; they become HTML here and are sanitised here, once, with an
// allow-list: the database only ever holds the safe form, and the pages render it as stored.
//
//   node scripts/faq-content.mjs                                  prints the SQL
//   node scripts/faq-content.mjs --migration migrations/0010_faq.sql
//                                   writes it between the migration's faq-content markers
//
// The seed (scripts/seed.mjs) loads the same SQL into the local database.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

export const FAQ_DIR = fileURLToPath(new URL('../content/faq/', import.meta.url));
export const LOCALES = ['de', 'en', 'nl', 'fr', 'it'];
const VISIBILITIES = ['alle', 'berater', 'kunden'];
const PLATFORMS = ['alle', 'web', 'app'];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const VIDEO_MIMES = ['video/mp4', 'video/webm'];
/** The search's highlight marks (app/core/faq.ts): content may not contain them. */
const RESERVED = /[\uE000\uE001]/;

const BEGIN = '-- faq-content:begin';
const END = '-- faq-content:end';

/** What a section body may hold after sanitising: text structure and links, nothing active. */
export const SANITIZE_OPTIONS = {
  allowedTags: ['p', 'br', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'code', 'kbd'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export function sanitize(html) {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

const markdown = new Marked({ gfm: true, breaks: false });

/** The text of safe HTML, for the search index: blocks apart, tags gone, entities decoded. */
export function plainText(html) {
  const spaced = html.replace(/<\/?(?:p|br|li|ul|ol|h3|h4|blockquote)\b[^>]*>/g, ' ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function fail(file, message) {
  throw new Error(`${file}: ${message}`);
}

function text(file, value, name) {
  if (typeof value !== 'string' || value.trim() === '') fail(file, `${name} is missing`);
  if (RESERVED.test(value)) fail(file, `${name} holds a reserved character`);
  return value.trim();
}

/** An entry file: `key: value` front matter between `---` lines, then `## ` sections. */
export function parseEntry(source, file) {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, '\n'));
  if (!match) fail(file, 'no front matter');
  const meta = {};
  for (const line of match[1].split('\n')) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    if (colon < 1) fail(file, `front matter line without a key: ${line}`);
    meta[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  const parts = match[2].split(/^## /m);
  if (parts[0].trim() !== '') fail(file, 'text before the first section');
  const sections = parts.slice(1).map((part, index) => {
    const [heading, ...rest] = part.split('\n');
    let body = rest.join('\n').trim();
    let video = null;
    const directive = /^::video (\S+) (\S+)\s*(?:\n|$)/.exec(body);
    if (directive) {
      const [, url, mime] = directive;
      if (!url.startsWith('/') || url.startsWith('//')) fail(file, `video ${url} is not a path on this site`);
      if (!VIDEO_MIMES.includes(mime)) fail(file, `video type ${mime} is not one of ${VIDEO_MIMES.join(', ')}`);
      video = { url, mime };
      body = body.slice(directive[0].length).trim();
    }
    const inhalt = sanitize(markdown.parse(text(file, body, `section ${index + 1}`)));
    return { id: `section-${index + 1}`, titel: text(file, heading, `section ${index + 1}'s title`), inhalt, video };
  });
  if (sections.length === 0) fail(file, 'no sections');
  return { titel: text(file, meta.titel, 'titel'), zusammenfassung: text(file, meta.zusammenfassung, 'zusammenfassung'), sections };
}

/** Reads and checks every file: the structure, and each language's categories and entries. */
export function loadFaq(dir = FAQ_DIR) {
  const structure = JSON.parse(readFileSync(join(dir, 'structure.json'), 'utf8'));
  const categoryIds = new Set();
  const check = (item, kind) => {
    if (!Number.isSafeInteger(item.id) || item.id < 1) fail('structure.json', `${kind} ${item.slug}: bad id`);
    if (!SLUG.test(item.slug)) fail('structure.json', `${kind} ${item.id}: bad slug`);
    if (!VISIBILITIES.includes(item.sichtbarkeit)) fail('structure.json', `${kind} ${item.slug}: sichtbarkeit must be one of ${VISIBILITIES}`);
    if (!PLATFORMS.includes(item.plattform)) fail('structure.json', `${kind} ${item.slug}: plattform must be one of ${PLATFORMS}`);
  };
  const unique = (items, kind) => {
    for (const key of ['id', 'slug']) {
      if (new Set(items.map((item) => item[key])).size !== items.length) fail('structure.json', `two ${kind} share a ${key}`);
    }
  };
  unique(structure.categories, 'categories');
  unique(structure.entries, 'entries');
  for (const category of structure.categories) {
    check(category, 'category');
    if (category.parent !== null && !categoryIds.has(category.parent)) fail('structure.json', `category ${category.slug}: its parent must come before it`);
    categoryIds.add(category.id);
  }
  for (const entry of structure.entries) {
    check(entry, 'entry');
    if (entry.kategorie !== null && !categoryIds.has(entry.kategorie)) fail('structure.json', `entry ${entry.slug}: unknown kategorie ${entry.kategorie}`);
  }

  const categories = [];
  const entries = [];
  for (const locale of LOCALES) {
    const names = JSON.parse(readFileSync(join(dir, locale, 'categories.json'), 'utf8'));
    const known = new Set([...structure.categories.map((category) => category.slug)]);
    for (const slug of Object.keys(names)) if (!known.has(slug)) fail(`${locale}/categories.json`, `unknown category ${slug}`);
    structure.categories.forEach((category, position) => {
      const file = `${locale}/categories.json`;
      const named = names[category.slug] ?? fail(file, `no texts for ${category.slug}`);
      categories.push({
        locale,
        ...category,
        name: text(file, named.name, `${category.slug}.name`),
        beschreibung: text(file, named.beschreibung, `${category.slug}.beschreibung`),
        position,
      });
    });
    const files = new Set(readdirSync(join(dir, locale)).filter((name) => name.endsWith('.md')));
    structure.entries.forEach((entry, position) => {
      const name = `${entry.slug}.md`;
      if (!files.delete(name)) fail(`${locale}/${name}`, 'missing');
      entries.push({ locale, ...entry, position, ...parseEntry(readFileSync(join(dir, locale, name), 'utf8'), `${locale}/${name}`) });
    });
    if (files.size > 0) fail(locale, `files that structure.json does not list: ${[...files].join(', ')}`);
  }
  return { categories, entries };
}

const quote = (value) =>
  value === null || value === undefined ? 'NULL' : typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
const values = (...items) => items.map(quote).join(', ');

/** SQL that replaces the whole FAQ (the search index follows through its triggers). */
export function faqSql(faq = loadFaq()) {
  const lines = ['DELETE FROM faq_sections;', 'DELETE FROM faq_entries;', 'DELETE FROM faq_categories;'];
  for (const c of faq.categories) {
    lines.push(
      `INSERT INTO faq_categories (locale, id, slug, parent_id, name, beschreibung, sichtbarkeit, plattform, position) VALUES (${values(c.locale, c.id, c.slug, c.parent, c.name, c.beschreibung, c.sichtbarkeit, c.plattform, c.position)});`,
    );
  }
  for (const e of faq.entries) {
    // A title ends like a sentence, so a snippet that spans it reads as two sentences.
    const searchText = e.sections
      .map((section) => `${/[.!?:…"“”»]$/.test(section.titel) ? section.titel : `${section.titel}.`} ${plainText(section.inhalt)}`)
      .join(' ');
    lines.push(
      `INSERT INTO faq_entries (locale, id, slug, category_id, titel, zusammenfassung, sichtbarkeit, plattform, position, search_text) VALUES (${values(e.locale, e.id, e.slug, e.kategorie, e.titel, e.zusammenfassung, e.sichtbarkeit, e.plattform, e.position, searchText)});`,
    );
    e.sections.forEach((s, position) => {
      lines.push(
        `INSERT INTO faq_sections (locale, entry_id, id, position, titel, inhalt, video_url, video_mime) VALUES (${values(e.locale, e.id, s.id, position, s.titel, s.inhalt, s.video?.url, s.video?.mime)});`,
      );
    });
  }
  return lines.join('\n') + '\n';
}

/** The content part of a migration file (between its markers), or null when it has none. */
export function migrationContent(migration) {
  const begin = migration.indexOf(`${BEGIN}\n`);
  const end = migration.indexOf(END);
  if (begin < 0 || end < begin) return null;
  return migration.slice(begin + BEGIN.length + 1, end);
}

export function writeMigration(path, sql = faqSql()) {
  const migration = readFileSync(path, 'utf8');
  if (migrationContent(migration) === null) throw new Error(`${path} has no ${BEGIN} … ${END} markers`);
  const begin = migration.indexOf(`${BEGIN}\n`) + BEGIN.length + 1;
  writeFileSync(path, migration.slice(0, begin) + sql + migration.slice(migration.indexOf(END)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--migration');
  if (at > 0) {
    writeMigration(process.argv[at + 1]);
    console.log(`The FAQ content is in ${process.argv[at + 1]}.`);
  } else {
    process.stdout.write(faqSql());
  }
}
