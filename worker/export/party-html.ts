import { formatPrice, parseLeadCard, parsePollCard, parseProductCard } from '#core/card-text';
import { isCardType, isLeadType } from '#core/cards';
import { formatDateTime } from '#core/dates';
import type { ExportCard, ExportMember, GuestExportPage } from '#core/export';
import type { FormattedNode } from '#core/format';
import { parseFormatted } from '#core/format';
import type { ChatMessage } from '#core/messages';
import { isHeadingType } from '#core/messages';
import { markerOf } from '#core/markers';
import { raffleNotice } from '#core/raffle';
import { receiptLine } from '#core/receipts';
import { escapeHtml } from '../mail/html';
import type { ArchiveTexts } from './texts';
import { fill } from './texts';

/**
 * A party as a readable, printable page (ADR 062): the export's chat.html and the consultant's
 * transcript (/parties/{id}/transcript) are this one page. Self-contained: its style inline, no
 * script, files linked by the path the archive gives them (or, in the transcript, by /files/).
 */

export interface PartyPageFacts {
  title: string;
  host: string | null;
  startAt: number | null;
  expiresAt: number | null;
  createdAt: number;
  managerName: string;
}

export interface PartyLog {
  members: ExportMember[];
  messages: ChatMessage[];
  reactions: Record<string, Record<string, string[]>>;
  cards: ExportCard[];
}

/** Where a message's file is: a link target, or null when the file is not there any more. */
export type FileLink = (mediaId: string) => string | null;

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;margin:0 auto;max-width:48rem;padding:1.5rem;line-height:1.45}
h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.25rem}h3{font-size:1.1rem}
.facts{color:#475569;margin:0 0 1rem}.msg{border-top:1px solid #e2e8f0;padding:.5rem 0;break-inside:avoid}
.who{font-weight:600}.when,.meta{color:#475569;font-size:.85rem}.reply{border-left:3px solid #94a3b8;padding-left:.5rem;color:#475569;font-size:.9rem}
.deleted{font-style:italic;color:#64748b}.card{border:1px solid #cbd5e1;border-radius:.5rem;padding:.5rem;margin:.25rem 0}
img{max-width:100%;max-height:20rem}a{color:#006b8a}table{border-collapse:collapse}td,th{border:1px solid #cbd5e1;padding:.2rem .4rem;text-align:left}
@media print{body{max-width:none;padding:0}a{color:#000}.noprint{display:none}}`;

export function page(language: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>${body}</body></html>`;
}

function formatted(nodes: readonly FormattedNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return escapeHtml(node.text).replaceAll('\n', '<br>');
      if (node.type === 'link') return `<a href="${escapeHtml(node.href)}" rel="noopener noreferrer">${escapeHtml(node.text)}</a>`;
      const tag = node.type === 'bold' ? 'strong' : node.type === 'italic' ? 'em' : 's';
      return `<${tag}>${formatted(node.children)}</${tag}>`;
    })
    .join('');
}

export const textHtml = (text: string) => formatted(parseFormatted(text));

function fileHtml(message: ChatMessage, link: FileLink, texts: ArchiveTexts): string {
  if (!message.mediaAttachment) return '';
  const href = link(message.mediaAttachment);
  const name = message.mediaTitle || texts.file;
  if (!href) return `<p class="meta">${escapeHtml(texts.fileMissing)}</p>`;
  if (message.mediaAttachmentType === 'image') return `<p><a href="${escapeHtml(href)}"><img src="${escapeHtml(href)}" alt="${escapeHtml(name)}"></a></p>`;
  return `<p><a href="${escapeHtml(href)}">${escapeHtml(name)}</a></p>`;
}

function cardHtml(message: ChatMessage, card: ExportCard | undefined, names: Map<string, string>, texts: ArchiveTexts, language: string): string {
  const chosen = (option: number) => Object.entries(card?.choices ?? {}).filter(([, options]) => options.includes(option));
  const who = (entries: [string, number[]][]) => entries.map(([id]) => names.get(id) ?? '?').join(', ');
  if (message.messageType === 'product') {
    const product = parseProductCard(message.message);
    if (!product) return '';
    const wanted = chosen(0);
    return `<div class="card"><strong>${escapeHtml(product.title)}</strong>${product.price ? ` · ${escapeHtml(formatPrice(product.price, language))}` : ''}${
      product.link ? ` · <a href="${escapeHtml(product.link)}" rel="noopener noreferrer">${escapeHtml(product.link)}</a>` : ''
    }<div class="meta">${escapeHtml(fill(texts.wants, { count: wanted.length }))}${wanted.length ? `: ${escapeHtml(who(wanted))}` : ''}</div></div>`;
  }
  if (isLeadType(message.messageType)) {
    const lead = parseLeadCard(message.message);
    if (!lead) return '';
    const interested = chosen(0);
    return `<div class="card"><strong>${escapeHtml(texts.lead[message.messageType])}</strong><p>${escapeHtml(lead.text)}</p><div class="meta">${escapeHtml(
      fill(texts.likedBy, { names: interested.length ? who(interested) : '–' }),
    )}</div></div>`;
  }
  const poll = parsePollCard(message.message);
  if (!poll) return '';
  const rows = poll.options
    .map((option, index) => {
      const votes = chosen(index);
      const right = card?.closedAt && card.correct?.includes(index) ? ` ✓ ${escapeHtml(texts.correct)}` : '';
      return `<tr><td>${escapeHtml(option)}${right}</td><td>${votes.length}</td><td>${escapeHtml(who(votes))}</td></tr>`;
    })
    .join('');
  const closed = card?.closedAt ? `<div class="meta">${escapeHtml(texts.pollClosed)}</div>` : '';
  return `<div class="card"><strong>${escapeHtml(poll.question)}</strong><table><tr><th>${escapeHtml(texts.option)}</th><th>${escapeHtml(texts.votes)}</th><th>${escapeHtml(texts.who)}</th></tr>${rows}</table>${closed}</div>`;
}

/** The party's whole log as its manager sees it. */
export function partyHtml(facts: PartyPageFacts, log: PartyLog, link: FileLink, texts: ArchiveTexts, language: string, timeZone: string): string {
  const when = (ms: number) => formatDateTime(ms, language, timeZone);
  const names = new Map(log.members.map((member) => [member.id, `${member.firstName} ${member.lastName}`.trim()]));
  const byId = new Map(log.messages.map((message) => [message.id, message]));
  const cards = new Map(log.cards.map((card) => [card.messageId, card]));
  const others = log.members.filter((member) => member.role !== 'manager' && !member.removed);
  const lines: string[] = [];
  for (const message of log.messages) {
    const marker = markerOf(message);
    if (marker === 'erased') continue;
    if (marker) {
      const draw = marker === 'raffle' ? raffleNotice(message) : null;
      const notice = draw ? fill(texts.raffleWon, { name: draw.winnerName, count: draw.entrants }) : fill(texts.joined, { name: message.senderName });
      lines.push(`<p class="meta" id="m-${escapeHtml(message.id)}">${escapeHtml(when(message.timestamp))} · ${escapeHtml(notice)}</p>`);
      continue;
    }
    const sender = escapeHtml(message.senderName);
    const meta = [when(message.timestamp)];
    if (message.editedAt && !message.deleted) meta.push(texts.edited);
    if (message.forwarded) meta.push(texts.forwarded);
    let body: string;
    if (message.deleted) body = `<p class="deleted">${escapeHtml(texts.deleted)}</p>`;
    else if (isHeadingType(message.messageType)) {
      const level = message.messageType === 'heading' ? 2 : 3;
      lines.push(`<h${level} id="m-${escapeHtml(message.id)}">${escapeHtml(message.message)}</h${level}>`);
      continue;
    } else if (isCardType(message.messageType)) body = cardHtml(message, cards.get(message.id), names, texts, language);
    else body = `${fileHtml(message, link, texts)}${message.message ? `<p>${textHtml(message.message)}</p>` : ''}`;
    const replied = message.replyingTo ? byId.get(message.replyingTo) : undefined;
    const reply = replied
      ? `<div class="reply">${escapeHtml(fill(texts.replyTo, { name: replied.senderName }))}: ${replied.deleted ? escapeHtml(texts.deleted) : escapeHtml(replied.message.slice(0, 160))}</div>`
      : '';
    const reactions = Object.entries(log.reactions[message.id] ?? {})
      .map(([emoji, who]) => `${emoji} ${who.length} (${escapeHtml(who.map((id) => names.get(id) ?? '?').join(', '))})`)
      .join(' · ');
    const seen =
      message.senderType === 'manager' && !message.deleted ? receiptLine(others.filter((member) => member.seenSeq >= message.seq).length, others.length) : null;
    const receipt = seen ? (seen.key === 'receipts.seenByAll' ? texts.seenByAll : fill(texts.seenBy, { seen: seen.seen, total: seen.total })) : null;
    lines.push(
      `<div class="msg" id="m-${escapeHtml(message.id)}"><div><span class="who">${sender}</span> <span class="when">${escapeHtml(meta.join(' · '))}</span></div>${reply}${body}${
        reactions ? `<div class="meta">${reactions}</div>` : ''
      }${receipt ? `<div class="meta">${escapeHtml(receipt)}</div>` : ''}</div>`,
    );
  }
  const members = log.members
    .map(
      (member) =>
        `<li>${escapeHtml(names.get(member.id) ?? '')} (${escapeHtml(texts.roles[member.role])}${member.removed ? `, ${escapeHtml(texts.removed)}` : ''})</li>`,
    )
    .join('');
  const factLine = [
    `${texts.manager}: ${facts.managerName}`,
    facts.host ? `${texts.host}: ${facts.host}` : null,
    facts.startAt ? `${texts.start}: ${when(facts.startAt)}` : null,
    facts.expiresAt ? `${texts.end}: ${when(facts.expiresAt)}` : null,
    fill(texts.messageCount, { count: log.messages.length }),
  ].filter((line): line is string => line !== null);
  const body = `<h1>${escapeHtml(facts.title)}</h1><p class="facts">${escapeHtml(factLine.join(' · '))}</p>
<details><summary>${escapeHtml(texts.members)} (${log.members.length})</summary><ul>${members}</ul></details>
${lines.join('\n')}`;
  return page(language, facts.title, body);
}

/** A guest's own messages of one party, each with its context line, and her choices and reactions. */
export function guestPartyHtml(
  facts: PartyPageFacts,
  pages: { messages: GuestExportPage['messages']; choices: GuestExportPage['choices']; reactions: GuestExportPage['reactions'] },
  link: FileLink,
  texts: ArchiveTexts,
  language: string,
  timeZone: string,
): string {
  const when = (ms: number) => formatDateTime(ms, language, timeZone);
  const contextLine = (context: GuestExportPage['messages'][number]['context']) => {
    if (!context) return '';
    const by = context.by === 'self' ? texts.you : context.by === 'manager' ? (context.managerName ?? texts.roles.manager) : texts.aGuest;
    return `<div class="reply">${escapeHtml(fill(texts.replyTo, { name: by }))}: ${escapeHtml(context.text || texts.deleted)}</div>`;
  };
  const messages = pages.messages
    .map(({ message, context }) => {
      const body = message.deleted
        ? `<p class="deleted">${escapeHtml(texts.deleted)}</p>`
        : `${fileHtml(message, link, texts)}${message.message ? `<p>${textHtml(message.message)}</p>` : ''}`;
      const meta = [when(message.timestamp), ...(message.editedAt && !message.deleted ? [texts.edited] : [])];
      return `<div class="msg"><div class="when">${escapeHtml(meta.join(' · '))}</div>${contextLine(context)}${body}</div>`;
    })
    .join('\n');
  const choices = pages.choices
    .map((choice) => {
      if (choice.kind === 'product') return `<li>${escapeHtml(parseProductCard(choice.card)?.title ?? '')}</li>`;
      if (isLeadType(choice.kind)) return `<li>${escapeHtml(texts.lead[choice.kind])}: ${escapeHtml(parseLeadCard(choice.card)?.text ?? '')}</li>`;
      const poll = parsePollCard(choice.card);
      return `<li>${escapeHtml(poll?.question ?? '')}: ${escapeHtml(choice.options.map((option) => poll?.options[option] ?? '').join(', '))}</li>`;
    })
    .join('');
  const reactions = pages.reactions.map((reaction) => `<li>${reaction.emoji} ${contextLine(reaction.context)}</li>`).join('');
  const body = `<h1>${escapeHtml(facts.title)}</h1><p class="facts">${escapeHtml(
    [`${texts.manager}: ${facts.managerName}`, facts.startAt ? `${texts.start}: ${when(facts.startAt)}` : null].filter(Boolean).join(' · '),
  )}</p>
<h2>${escapeHtml(texts.yourMessages)} (${pages.messages.length})</h2>${messages || `<p>${escapeHtml(texts.none)}</p>`}
${choices ? `<h2>${escapeHtml(texts.yourChoices)}</h2><ul>${choices}</ul>` : ''}
${reactions ? `<h2>${escapeHtml(texts.yourReactions)}</h2><ul>${reactions}</ul>` : ''}`;
  return page(language, facts.title, body);
}

const PRINT_SCRIPT = "document.getElementById('print').addEventListener('click',function(){window.print()})";

/** The page with a print button (hidden on paper) and its one script, named by its hash for the page's policy. */
export async function printable(html: string, label: string): Promise<{ html: string; scriptHash: string }> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(PRINT_SCRIPT));
  const scriptHash = `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
  const button = `<p class="noprint"><button type="button" id="print" style="border-radius:999px;border:0;background:#006b8a;color:#fff;padding:.5rem 1rem;font:inherit">${escapeHtml(label)}</button></p>`;
  return { html: html.replace('<body>', `<body>${button}`).replace('</body>', `<script>${PRINT_SCRIPT}</script></body>`), scriptHash };
}
