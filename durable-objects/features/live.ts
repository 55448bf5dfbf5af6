import type { MessageMedia } from '#core/chat-media';
import { derivedUuid } from '../../worker/db/derived-id';
import type { LiveShow, LiveState } from '#core/live';
import type { WatchLiveEvent } from '#core/live-schemas';
import { LIVE, recordingTitle } from '#core/live';
import type { ServerEvent } from '#core/protocol';
import { database } from '../../worker/db/client';
import { insertRecording, liveFolder } from '../../worker/db/live';
import { linkFiles } from '../../worker/db/party-media';
import type { StreamVideo } from '../../worker/media/stream';
import { streamClient } from '../../worker/media/stream';
import type { Outcome } from '../contract';
import type { Duty, EventHandlers, Feature } from '../kernel/feature';
import type { Room } from '../kernel/room';
import { allowed, expiredOrForbidden, fail, publicMember } from '../kernel/rules';
import type { StoredMember } from '../kernel/store';
import { sendMessage } from './chat/messages';

/**
 * Live video in the party (issue 44, ADR 060). The room holds the live state: the party's Stream
 * live input (one per party, made by the Worker the first time someone goes live), the show on air
 * (who, since when) and whether the manager lets the host go live; every socket hears it when it
 * changes and in its welcome. Pages say whether they play the show, which makes the number watching.
 * When a show stops, the alarm asks Stream for its recording until it is there, then writes it into
 * the manager's library ("Live" folder) and posts it as a video message with the caption the one who
 * stopped it gave. Only the Worker talks to Stream's API with the account's token; pages get the
 * WHIP URL (the publisher) or signed playback URLs (members), never the token.
 */

const SCHEMA = 'CREATE TABLE IF NOT EXISTS live_state (id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL)';

/** A stopped show whose recording the room waits for. */
interface Awaited {
  startedAt: number;
  stoppedAt: number;
  caption: string;
  title: string;
}

interface Kept {
  inputId: string | null;
  /** Stream's WHEP URL of the live input (its origin and uid; the Worker signs it per member). */
  playbackUrl: string | null;
  hostsMayGoLive: boolean;
  show: (Omit<LiveShow, 'watching'> & { title: string }) | null;
  awaiting: Awaited[];
  /** Stream videos already in the library and the chat (a poll that runs again posts nothing twice). */
  recorded: string[];
}

const EMPTY: Kept = { inputId: null, playbackUrl: null, hostsMayGoLive: false, show: null, awaiting: [], recorded: [] };

export class Live implements Feature {
  readonly name = 'live';

  private kept: Kept = EMPTY;
  /** Members whose page plays the show now. */
  private readonly watchers = new Set<string>();
  /** When the alarm next asks Stream for a recording. */
  private nextPoll: number | null = null;

  constructor(private readonly room: Room) {}

  load(): void {
    this.room.sql.exec(SCHEMA);
    const row = this.room.sql.exec('SELECT state FROM live_state WHERE id = 1').toArray()[0];
    this.kept = row ? { ...EMPTY, ...(JSON.parse(row.state as string) as Kept) } : EMPTY;
    if (this.kept.awaiting.length > 0) this.nextPoll = this.room.now();
  }

  private save(kept: Kept): void {
    this.kept = kept;
    this.room.sql.exec('INSERT INTO live_state (id, state) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET state = excluded.state', JSON.stringify(kept));
  }

  /** The state as the pages see it. */
  state(): LiveState {
    const show = this.kept.show;
    return {
      show: show ? { by: show.by, startedAt: show.startedAt, watching: this.watchers.size } : null,
      hostsMayGoLive: this.kept.hostsMayGoLive,
    };
  }

  private tellEveryone(): void {
    this.room.broadcast({ type: 'live', live: this.state() });
  }

  readonly events: EventHandlers = { watchLive: (ws, member, event) => this.watch(ws, member, event) };

  /** Always, so a page that reconnects after a show ended learns it is over. */
  welcome(): ServerEvent[] {
    return [{ type: 'live', live: this.state() }];
  }

  /** A page plays the show, or stopped playing it: everyone hears the new number (the page alone, when it did not change). */
  private watch(ws: WebSocket, member: StoredMember, event: WatchLiveEvent): void {
    const before = this.watchers.size;
    if (event.watching && this.kept.show) this.watchers.add(member.id);
    else this.watchers.delete(member.id);
    const told: ServerEvent = { type: 'liveWatching', watching: this.watchers.size };
    if (this.watchers.size !== before) this.room.broadcast(told);
    else this.room.send(ws, told);
  }

  onlineChanged(memberId: string): void {
    if (!this.room.isOnline(memberId) && this.watchers.delete(memberId)) this.room.broadcast({ type: 'liveWatching', watching: this.watchers.size });
  }

  memberDropped(memberId: string): void {
    this.onlineChanged(memberId);
  }

  /**
   * Whether `member` may start a show now: the party's live input (null before its first show), or
   * why not. The one who is live may start again (her page reloaded: she publishes anew, the show
   * goes on); anyone else waits until the show stops.
   */
  inputFor(member: StoredMember): Outcome<{ inputId: string | null }> {
    if (!allowed(this.room, member, { type: 'goLive', hostsMayGoLive: this.kept.hostsMayGoLive })) return fail(expiredOrForbidden(this.room));
    if (this.kept.show && this.kept.show.by.id !== member.id) return fail('liveAlready');
    return { ok: true, value: { inputId: this.kept.inputId } };
  }

  /**
   * The show starts, on the live input the Worker made or read for this party. A second start while
   * one is on is refused; so is another live input than the party's (it keeps one for good).
   */
  start(member: StoredMember, input: { inputId: string; playbackUrl: string }, partyName: string): Outcome<LiveState> {
    const may = this.inputFor(member);
    if (!may.ok) return may;
    if (this.kept.inputId !== null && this.kept.inputId !== input.inputId) return fail('invalidInput');
    // Her own show, started again after a reload: it goes on as it was.
    if (this.kept.show) return { ok: true, value: this.state() };
    const startedAt = this.room.now();
    this.watchers.clear();
    this.save({
      ...this.kept,
      inputId: input.inputId,
      playbackUrl: input.playbackUrl,
      show: { by: publicMember(member), startedAt, title: recordingTitle(partyName, startedAt) },
    });
    this.tellEveryone();
    return { ok: true, value: this.state() };
  }

  /** The show on air and its live input, for a member's playback; `notLive` when none is on. */
  playing(): Outcome<{ inputId: string; playbackUrl: string; live: LiveState }> {
    const { show, inputId, playbackUrl } = this.kept;
    if (!show || !inputId || !playbackUrl) return fail('notLive');
    return { ok: true, value: { inputId, playbackUrl, live: this.state() } };
  }

  /** The show stops (the manager, or whoever is live); its recording is awaited. */
  stop(member: StoredMember, caption: string): Outcome<LiveState> {
    const show = this.kept.show;
    if (!allowed(this.room, member, { type: 'stopLive', liveBy: show?.by.id ?? '' })) return fail('forbidden');
    if (!show) return fail('notLive');
    const awaited: Awaited = { startedAt: show.startedAt, stoppedAt: this.room.now(), caption, title: show.title };
    this.watchers.clear();
    this.save({ ...this.kept, show: null, awaiting: [...this.kept.awaiting, awaited] });
    this.nextPoll = this.room.now() + LIVE.recordingPollMs;
    this.room.rearm();
    this.tellEveryone();
    return { ok: true, value: this.state() };
  }

  /** The manager lets the host go live, or not (a show on air goes on). */
  allowHosts(member: StoredMember, allow: boolean): Outcome<LiveState> {
    if (!allowed(this.room, member, { type: 'allowHostsLive' })) return fail('forbidden');
    this.save({ ...this.kept, hostsMayGoLive: allow });
    this.tellEveryone();
    return { ok: true, value: this.state() };
  }

  readonly alarm: Duty = {
    due: () => (this.kept.awaiting.length > 0 ? this.nextPoll : null),
    run: async (now) => {
      if (this.nextPoll === null || now < this.nextPoll || this.kept.awaiting.length === 0) return;
      this.nextPoll = null;
      try {
        await this.collect(now);
      } finally {
        if (this.kept.awaiting.length > 0) this.nextPoll = this.room.now() + LIVE.recordingPollMs;
      }
    },
  };

  /**
   * Asks Stream for the recordings of the party's live input and takes in each awaited show's: the
   * first recording not yet taken that Stream made since the show started. A show whose recording
   * has not come within LIVE.recordingGiveUpMs is given up (the log says so).
   */
  private async collect(now: number): Promise<void> {
    const facts = this.room.store.facts;
    const inputId = this.kept.inputId;
    if (!facts || !inputId) return;
    const recordings = await streamClient(this.room.env).liveRecordings(inputId);
    for (const awaited of this.kept.awaiting) {
      const video = recordings
        .filter((v) => !this.kept.recorded.includes(v.uid) && Date.parse(v.created ?? '') >= awaited.startedAt - 60_000)
        .sort((a, b) => Date.parse(a.created ?? '') - Date.parse(b.created ?? ''))[0];
      if (video) await this.takeIn(awaited, video, facts.ownerUserId, facts.partyId, now);
      else if (now - awaited.stoppedAt > LIVE.recordingGiveUpMs) {
        console.error('live recording never came', inputId, awaited.startedAt);
        this.save({ ...this.kept, awaiting: this.kept.awaiting.filter((a) => a !== awaited) });
      }
    }
  }

  /** A recording into the manager's library and, as a video message of hers, into the party. */
  private async takeIn(awaited: Awaited, video: StreamVideo, ownerUserId: string, partyId: string, now: number): Promise<void> {
    const manager = [...this.room.store.members.values()].find((member) => member.role === 'manager');
    const db = database(this.room.env.DB);
    const folderId = await liveFolder(db, ownerUserId, await derivedUuid('live-folder', ownerUserId), LIVE.folderTitle, now);
    const mediaId = await derivedUuid('live-recording', video.uid);
    await insertRecording(db, {
      id: mediaId,
      userId: ownerUserId,
      folderId,
      title: awaited.title,
      description: null,
      mediaType: 'video',
      contentType: 'video/mp4',
      extension: 'mp4',
      size: 0,
      state: 'converting',
      storageKey: `${ownerUserId}/${mediaId}`,
      previewKey: null,
      streamUid: video.uid,
      hlsUrl: null,
      posterUrl: null,
      isPortrait: video.input.height > video.input.width,
      noAudio: false,
      createdAt: now,
      updatedAt: now,
      trashedAt: null,
      purgedAt: null,
    });
    if (manager) {
      const media: MessageMedia = {
        mediaAttachment: mediaId,
        mediaAttachmentType: 'video',
        mediaExtension: 'mp4',
        mediaAttachmentOwner: ownerUserId,
        contentType: 'video/mp4',
        mediaTitle: awaited.title,
      };
      // Linked first, so every member may fetch it once the message names it (features/chat/files.ts).
      await linkFiles(this.room.env.DB, partyId, [mediaId]);
      const tempId = await derivedUuid('live-replay', video.uid);
      const sent = sendMessage(this.room, manager, { tempId, messageType: 'video', message: awaited.caption, media }, undefined, true);
      if (!sent.ok) console.error('live replay message refused', sent.code);
    }
    this.save({
      ...this.kept,
      awaiting: this.kept.awaiting.filter((a) => a !== awaited),
      recorded: [...this.kept.recorded, video.uid].slice(-50),
    });
  }

  cleared(): void {
    this.kept = EMPTY;
    this.watchers.clear();
    this.nextPoll = null;
  }
}
