import type { AppliedTemplate } from '#core/applied-template';
import { AppError } from '#core/errors';
import type { Member } from '#core/protocol';
import type { ApplyMode } from '../../durable-objects/contract';
import type { Db } from '../db/client';
import type { PartyRow } from '../db/schema';
import type { Env } from '../env';
import { linkFiles } from '../db/party-media';
import { room, roomFacts } from './parties';
import { loadPlayableTemplate, markTemplateApplied, recordSharedPlay } from './templates';

/**
 * Playing a template into a party (POST /parties/{id}/template). D1 holds the template and
 * who may use it; the party's room holds what is applied and plays it. The Worker reads the
 * template for the party's manager (her own or one shared with her) and hands the room a copy, so
 * the room sends without D1 on its path, also from its alarm.
 */
export async function applyTemplateToParty(
  env: Env,
  db: Db,
  party: PartyRow,
  member: Member,
  templateId: string,
  mode: ApplyMode | undefined,
): Promise<AppliedTemplate> {
  // Guests and hosts learn nothing of the manager's templates.
  if (member.role !== 'manager') throw new AppError('forbidden');
  const template = await loadPlayableTemplate(db, party.userId, templateId);
  if (!template) throw new AppError('templateNotFound');
  const result = await room(env, party).applyTemplate(member, roomFacts(party), { id: template.id, title: template.title, messages: template.messages }, mode);
  if (!result.ok) throw new AppError(result.code);
  const applied = result.value;
  // Someone else's template: its owner may take it back, here too (ADR 020).
  if (template.role === 'recipient' && !(await recordSharedPlay(env, party, template.id, party.userId))) throw new AppError('templateRevoked');
  // A template's files are its owner's library items, who may not be this party's manager (a
  // shared template): linked to the party, its members may fetch them (mayViewMedia) once the
  // messages arrive. Linked before the answer, so no message can go out ahead of its file's link.
  await linkFiles(
    env.DB,
    party.id,
    applied.messages.flatMap((message) => (message.media && !message.problem ? [message.media.mediaAttachment] : [])),
  );
  await markTemplateApplied(db, template.id);
  return applied;
}
