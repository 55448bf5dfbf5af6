import { Hono } from 'hono';
import { FaqListQuerySchema, FaqSearchQuerySchema } from '../../app/core/faq-query';
import { listCategories, listEntries, searchFaq } from '../services/faq';
import type { ApiEnv } from './context';
import { valid } from './context';
import * as answers from '../../app/core/answer-schemas';
import { z } from '../../app/core/zod';
import { doc } from './openapi';

/**
 * The FAQ's content server, with the query shape its clients send. Public: visitors read the FAQ
 * too, and nothing here depends on who asks; what the web may not show is never in an answer.
 */
export const contentApi = new Hono<ApiEnv>()
  .get(
    '/categories',
    doc({ summary: "FAQ categories (the content server's query shape)", caller: 'public', ok: { schema: z.array(answers.FaqCategorySchema) } }),
    valid('query', FaqListQuerySchema),
    async (c) => {
      const { locale, selector } = c.req.valid('query');
      return c.json(await listCategories(c.get('db'), locale, selector));
    },
  )
  .get(
    '/entries',
    doc({ summary: 'FAQ entries', caller: 'public', ok: { schema: z.array(answers.FaqEntrySchema) } }),
    valid('query', FaqListQuerySchema),
    async (c) => {
      const { locale, selector } = c.req.valid('query');
      return c.json(await listEntries(c.get('db'), locale, selector));
    },
  )
  .get(
    '/content-search',
    doc({ summary: 'Search the FAQ', caller: 'public', ok: { schema: z.array(answers.FaqSearchResultSchema) } }),
    valid('query', FaqSearchQuerySchema),
    async (c) => {
      const { locale, text } = c.req.valid('query');
      return c.json(await searchFaq(c.get('db'), locale, text));
    },
  );
