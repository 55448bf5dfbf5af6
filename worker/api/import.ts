import { Hono } from 'hono';
import {
  ImportFileSchema,
  ImportMediaSchema,
  ImportMessageSchema,
  ImportPartySchema,
  ImportRunSchema,
  ImportSignInSchema,
} from '../../app/core/import-schemas';
import { importFile, importMedia, importMessage, importParty, signInForImport, startImport } from '../services/import';
import type { ApiEnv } from './context';
import { requireConsultant, valid } from './context';
import * as answers from '../../app/core/answer-schemas';
import { doc } from './openapi';

/**
 * Import from an older account (ADR 042): the consultant's own runs. She is checked before the
 * input, so nobody else learns how a request would have been judged. Each copy answers 204.
 */
export const importApi = new Hono<ApiEnv>()
  .use(async (c, next) => {
    requireConsultant(c);
    await next();
  })
  .post(
    '/signin',
    doc({
      summary: 'Sign in at the older system',
      caller: 'consultant',
      errors: ['importCredentials', 'importPasswordChange', 'importFailed'],
      ok: { schema: answers.ImportSignInAnswerSchema },
    }),
    valid('json', ImportSignInSchema),
    async (c) => c.json(await signInForImport(c.env, c.get('db'), requireConsultant(c).userId, c.req.valid('json'))),
  )
  .post(
    '/start',
    doc({
      summary: 'Start an import run: what there is to copy',
      caller: 'consultant',
      errors: ['importNotFound', 'importFailed'],
      ok: { schema: answers.ImportStartResultSchema },
    }),
    valid('json', ImportRunSchema),
    async (c) => c.json(await startImport(c.env, c.get('db'), requireConsultant(c).userId, c.req.valid('json').importId)),
  )
  .post(
    '/file',
    doc({ summary: 'Copy one folder', caller: 'consultant', errors: ['importNotFound', 'importFailed'], ok: 204 }),
    valid('json', ImportFileSchema),
    async (c) => {
      const { importId, file } = c.req.valid('json');
      await importFile(c.env, c.get('db'), requireConsultant(c).userId, importId, file);
      return c.body(null, 204);
    },
  )
  .post(
    '/media',
    doc({ summary: 'Copy one media item', caller: 'consultant', errors: ['importNotFound', 'importFailed'], ok: 204 }),
    valid('json', ImportMediaSchema),
    async (c) => {
      const { importId, mediaId } = c.req.valid('json');
      await importMedia(c.env, c.get('db'), requireConsultant(c).userId, importId, mediaId, new URL(c.req.url).origin);
      return c.body(null, 204);
    },
  )
  .post(
    '/message',
    doc({ summary: 'Copy one message', caller: 'consultant', errors: ['importNotFound', 'importFailed'], ok: 204 }),
    valid('json', ImportMessageSchema),
    async (c) => {
      const { importId, id, partyId } = c.req.valid('json');
      await importMessage(c.env, c.get('db'), requireConsultant(c).userId, importId, { id, partyId }, new URL(c.req.url).origin);
      return c.body(null, 204);
    },
  )
  .post(
    '/party',
    doc({ summary: 'Copy one party', caller: 'consultant', errors: ['importNotFound', 'importFailed'], ok: 204 }),
    valid('json', ImportPartySchema),
    async (c) => {
      const { importId, partyId } = c.req.valid('json');
      await importParty(c.env, c.get('db'), requireConsultant(c).userId, importId, partyId);
      return c.body(null, 204);
    },
  );
