import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as answers from '../../app/core/answer-schemas';
import type { AppliedTemplate } from '../../app/core/applied-template';
import type { MessageMedia } from '../../app/core/chat-media';
import type { FollowUp } from '../../app/core/follow-up';
import type { CodeSent, GuestAccount, GuestCard, GuestParty, GuestSignIn } from '../../app/core/guest-account';
import type { ImportSignIn, ImportStartResult } from '../../app/core/import';
import type { Conversion, MediaEntry, MediaListing } from '../../app/core/media-entry';
import type { LibraryFolder } from '../../app/core/media-library';
import type { ExportAnswer } from '../../app/core/export';
import type { PartyReport } from '../../app/core/reports';
import type { LivePlayback, LiveStart, LiveState } from '../../app/core/live';
import type { ChatMessage, Member } from '../../app/core/messages';
import type { JoinAnswer, PartyInfo } from '../../app/core/party';
import type { AppTokens } from '../../worker/auth/sessions';
import type { PartnerHit, Profile } from '../../app/core/profile';
import type { ProfileCard } from '../../app/core/profile-card';
import type { Recap } from '../../app/core/recap';
import type { ChatSearchHit } from '../../app/core/social';
import type { SharePreview, TemplateDetail, TemplateEntry, TemplateListing, TemplateMessage } from '../../app/core/templates';
import type { HistoryPage } from '../../durable-objects/contract';
import type { AnnouncedUpload, PartyFile } from '../../worker/services/chat-media';
import type { FaqCategory, FaqEntry, FaqSearchResult } from '../../worker/services/faq';
import type { PartySummary } from '../../worker/services/parties';
import type { PartyFolderEntry } from '../../worker/services/party-folders';
import type { ProfileWorkspace } from '../../worker/services/profiles';

/**
 * The API's answer schemas (app/core/answer-schemas.ts) are the wire types, not a second guess at
 * them: each schema's output is the very type of its interface, field by field (a field missing on
 * either side, optional on one only, or of another type fails `npm run typecheck`, which checks this
 * file). The document's 2xx answers carry these schemas (ADR 056).
 */
type Out<S extends z.ZodType> = z.output<S>;

/**
 * Whether two types are the same wire type: each assignable to the other, and (through arrays,
 * unions with null, and objects) the same keys at every level, so a field optional on one side and
 * absent on the other is a difference too. (Vitest's `toEqualTypeOf` also tells intersections and
 * `Pick`s from the plain object they stand for, which the wire cannot.)
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? SameInside<NonNullable<A>, NonNullable<B>> : false) : false;
type SameInside<A, B> = A extends readonly (infer X)[]
  ? B extends readonly (infer Y)[]
    ? Same<X, Y>
    : false
  : A extends object
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? false extends { [K in keyof A]-?: Same<A[K], B[K & keyof B]> }[keyof A]
          ? false
          : true
        : false
      : false
    : true;
/** Compiles only when `A` and `B` are the same wire type. */
const same = <A, B>(agree: Same<A, B>) => agree;

describe('answer schemas', () => {
  it('are the wire types of app/core and the services', () => {
    expect(same<{ a: string; b?: number }, { a: string }>(false)).toBe(false);
    expect(same<{ a: { b: string | null }[] }, { a: { b: string }[] }>(false)).toBe(false);
    same<Out<typeof answers.MemberSchema>, Member>(true);
    same<Out<typeof answers.PartyInfoSchema>, PartyInfo>(true);
    same<Out<typeof answers.JoinAnswerSchema>, JoinAnswer>(true);
    same<Out<typeof answers.TokensSchema>, AppTokens>(true);
    same<Out<typeof answers.PartySummarySchema>, PartySummary>(true);
    same<Out<typeof answers.LibraryFolderSchema>, LibraryFolder>(true);
    same<Out<typeof answers.PartyFolderEntrySchema>, PartyFolderEntry>(true);
    same<Out<typeof answers.MessageMediaSchema>, MessageMedia>(true);
    same<Out<typeof answers.ChatMessageSchema>, ChatMessage>(true);
    same<Out<typeof answers.HistoryPageSchema>, HistoryPage>(true);
    same<Out<typeof answers.HistoryWindowSchema>, HistoryPage & { hasNewer: boolean }>(true);
    same<Out<typeof answers.ChatSearchHitSchema>, ChatSearchHit>(true);
    same<Out<typeof answers.AnnouncedUploadSchema>, AnnouncedUpload>(true);
    same<Out<typeof answers.PartyFileSchema>, PartyFile>(true);
    same<Out<typeof answers.FollowUpSchema>, FollowUp>(true);
    same<Out<typeof answers.ProfileCardSchema>, ProfileCard>(true);
    same<Out<typeof answers.RecapSchema>, Recap>(true);
    same<Out<typeof answers.AppliedTemplateSchema>, AppliedTemplate>(true);
    same<Out<typeof answers.ProfileSchema>, Profile>(true);
    same<Out<typeof answers.ProfileWorkspaceSchema>, ProfileWorkspace>(true);
    same<Out<typeof answers.PartnerHitSchema>, PartnerHit>(true);
    same<Out<typeof answers.GuestAccountSchema>, GuestAccount>(true);
    same<Out<typeof answers.GuestCardSchema>, GuestCard>(true);
    // The browser's answer leaves out the secret (it gets a cookie): optional on the wire.
    same<Out<typeof answers.GuestSignInSchema>, Omit<GuestSignIn, 'secretKey'> & { secretKey?: string }>(true);
    same<Out<typeof answers.CodeSentSchema>, CodeSent>(true);
    same<Out<typeof answers.GuestPartySchema>, GuestParty>(true);
    same<Out<typeof answers.MediaEntrySchema>, MediaEntry>(true);
    same<Out<typeof answers.MediaListingSchema>, MediaListing>(true);
    same<Out<typeof answers.NewMediaSchema>, MediaEntry & { uploadUrl: string }>(true);
    same<Out<typeof answers.ConversionSchema>, Conversion>(true);
    same<Out<typeof answers.TemplateEntrySchema>, TemplateEntry>(true);
    same<Out<typeof answers.TemplateListingSchema>, TemplateListing>(true);
    same<Out<typeof answers.TemplateMessageSchema>, TemplateMessage>(true);
    same<Out<typeof answers.TemplateDetailSchema>, TemplateDetail>(true);
    same<Out<typeof answers.SharePreviewSchema>, SharePreview>(true);
    same<Out<typeof answers.FaqCategorySchema>, FaqCategory>(true);
    same<Out<typeof answers.FaqEntrySchema>, FaqEntry>(true);
    same<Out<typeof answers.FaqSearchResultSchema>, FaqSearchResult>(true);
    same<Out<typeof answers.ImportSignInAnswerSchema>, ImportSignIn>(true);
    same<Out<typeof answers.ImportStartResultSchema>, ImportStartResult>(true);
    same<Out<typeof answers.LiveStateSchema>, LiveState>(true);
    same<Out<typeof answers.LiveStartSchema>, LiveStart>(true);
    same<Out<typeof answers.LivePlaybackSchema>, LivePlayback>(true);
    same<Out<typeof answers.ExportAnswerSchema>, ExportAnswer>(true);
    same<Out<typeof answers.PartyReportSchema>, PartyReport>(true);
  });
});
