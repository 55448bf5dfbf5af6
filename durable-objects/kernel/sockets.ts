import type { ServerEvent } from '#core/protocol';
import type { SocketSession } from '../contract';

/** Kept on each socket so it survives hibernation: ids only. */
export interface Attachment {
  memberId: string;
  joined: boolean;
  /** When the socket was accepted (epoch ms): a socket's silence counts from here until it pings. */
  since?: number;
  /** The consultant's session it was opened with (kernel/sessions.ts); guests have none. */
  session?: SocketSession;
  /**
   * The client said at its join that it speaks the compact protocol (ADR 035): batch and presence
   * frames, a paged welcome. Without it (the companion app, older pages) a socket gets the
   * product's events one per frame: userJoined, iAmOnline, userLeft, updatedSeen, the whole roster.
   */
  batch?: boolean;
}

/** An event on its way out: to one socket, or to every joined socket but `except`. */
interface Outgoing {
  frame: string;
  to?: WebSocket;
  except?: WebSocket;
}

/** Several serialised events as one `batch` frame, without parsing them again. */
function batchFrame(frames: string[]): string {
  return frames.length === 1 ? (frames[0] as string) : `{"type":"batch","events":[${frames.join(',')}]}`;
}

/**
 * The room's sockets: who each is (its attachment), which have joined and whose they are, and what
 * leaves to them. Events of one turn leave together at its end: a socket that gets several (a busy
 * room's group commit, a join's welcome and what came with it) gets them as one `batch` frame when
 * its client applies batches; an idle room's single event leaves as before, in the same turn
 * (ADR 035).
 */
export class Sockets {
  private readonly attachments = new WeakMap<WebSocket, Attachment>();

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly hooks: {
      /** A member's first socket joined, or her last one left. */
      onlineChanged(memberId: string): void;
      /** A socket is gone (closed, failed, or dropped by the room). */
      gone(ws: WebSocket): void;
    },
  ) {}

  attachment(ws: WebSocket): Attachment | undefined {
    let attachment = this.attachments.get(ws);
    if (!attachment) {
      // After hibernation the in-memory cache is empty; the socket's attachment is not.
      attachment = (ws.deserializeAttachment() as Attachment | null) ?? undefined;
      if (attachment) this.attachments.set(ws, attachment);
    }
    return attachment;
  }

  setAttachment(ws: WebSocket, attachment: Attachment): void {
    ws.serializeAttachment(attachment);
    this.attachments.set(ws, attachment);
  }

  /** Every socket the object holds, or those with a tag (a member id, or a session's tag): the runtime's list. */
  all(tag?: string): WebSocket[] {
    return this.ctx.getWebSockets(tag);
  }

  /** Open sockets with this tag. */
  open(tag: string): WebSocket[] {
    return this.ctx.getWebSockets(tag).filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  /**
   * Joined sockets and their member ids. Asking the runtime for every socket (getWebSockets)
   * builds a wrapper per socket on each call, which made a join storm spend most of its time in
   * broadcast; this map is built from the sockets' attachments once per instance (so it survives
   * hibernation) and kept as sockets join and leave.
   */
  private joinedSockets: Map<WebSocket, string> | null = null;
  /** Joined sockets per online member: built and kept with `joined`, so presence never scans the sockets. */
  private socketsOf: Map<string, number> | null = null;

  joined(): Map<WebSocket, string> {
    if (!this.joinedSockets) {
      this.joinedSockets = new Map();
      this.socketsOf = new Map();
      for (const ws of this.ctx.getWebSockets()) {
        const attachment = this.attachment(ws);
        if (!attachment?.joined) continue;
        this.joinedSockets.set(ws, attachment.memberId);
        this.socketsOf.set(attachment.memberId, (this.socketsOf.get(attachment.memberId) ?? 0) + 1);
      }
    }
    return this.joinedSockets;
  }

  /** Online members and how many joined sockets each has. */
  onlineMembers(): Map<string, number> {
    this.joined();
    return this.socketsOf as Map<string, number>;
  }

  isOnline(memberId: string): boolean {
    return this.onlineMembers().has(memberId);
  }

  markJoined(ws: WebSocket, batch: boolean): void {
    const attachment = this.attachment(ws);
    if (!attachment || attachment.joined) return;
    // Built before the attachment says joined: a first build would count this socket, and then so would we.
    const joined = this.joined();
    this.setAttachment(ws, { ...attachment, joined: true, ...(batch ? { batch } : {}) });
    joined.set(ws, attachment.memberId);
    // What this turn broadcast before the join is in the welcome already (see flush).
    if (this.outbox.length > 0) this.joinedAt.set(ws, this.outbox.length);
    const counts = this.onlineMembers();
    const sockets = counts.get(attachment.memberId) ?? 0;
    counts.set(attachment.memberId, sockets + 1);
    if (sockets === 0) this.hooks.onlineChanged(attachment.memberId);
  }

  /** Forgets a joined socket; answers the member id when it was the member's last one. */
  unjoin(ws: WebSocket): string | null {
    const joined = this.joined();
    const memberId = joined.get(ws);
    if (memberId === undefined) return null;
    joined.delete(ws);
    const counts = this.onlineMembers();
    const sockets = (counts.get(memberId) ?? 1) - 1;
    if (sockets > 0) {
      counts.set(memberId, sockets);
      return null;
    }
    counts.delete(memberId);
    return memberId;
  }

  /** The socket is gone: no longer joined, and its member offline if it was her last. */
  left(ws: WebSocket): void {
    this.hooks.gone(ws);
    const attachment = this.attachment(ws);
    const gone = this.unjoin(ws);
    if (!attachment?.joined) return;
    // The socket is closing: only the cache changes, its attachment dies with it.
    this.attachments.set(ws, { ...attachment, joined: false });
    if (gone !== null) this.hooks.onlineChanged(gone);
  }

  /** The party was deleted: no socket is joined any more. */
  clear(): void {
    this.joined().clear();
    this.onlineMembers().clear();
  }

  // ---- what leaves the room ----------------------------------------------------------------

  private outbox: Outgoing[] = [];
  /** Sockets that joined during this turn, with the outbox's length then: earlier broadcasts are not theirs. */
  private joinedAt = new Map<WebSocket, number>();

  send(ws: WebSocket, event: ServerEvent): void {
    this.emit({ frame: JSON.stringify(event), to: ws });
  }

  /** Sends one serialised frame to every joined socket except `except`. */
  broadcast(event: ServerEvent, except?: WebSocket): void {
    this.emit(except ? { frame: JSON.stringify(event), except } : { frame: JSON.stringify(event) });
  }

  /** Sends to every joined socket of one member (the manager's devices). */
  sendToMember(memberId: string, event: ServerEvent): void {
    for (const [ws, id] of this.joined()) if (id === memberId) this.send(ws, event);
  }

  private emit(outgoing: Outgoing): void {
    if (this.outbox.length === 0) queueMicrotask(() => this.flush());
    this.outbox.push(outgoing);
  }

  /** Sends what this turn said so far (it would leave at the turn's end anyway). */
  flush(): void {
    const outgoing = this.outbox;
    if (outgoing.length === 0) return;
    this.outbox = [];
    const joinedAt = this.joinedAt;
    this.joinedAt = new Map();
    // Sockets addressed alone, left out of a broadcast, or joined during the turn get their own list; the rest share one.
    const own = new Set<WebSocket>(joinedAt.keys());
    for (const item of outgoing) {
      if (item.to) own.add(item.to);
      if (item.except) own.add(item.except);
    }
    const joined = this.joined();
    const shared = outgoing.filter((item) => !item.to).map((item) => item.frame);
    if (shared.length > 0) {
      const batch = batchFrame(shared);
      for (const ws of joined.keys()) if (!own.has(ws)) this.deliver(ws, shared, batch);
    }
    for (const ws of own) {
      const from = joinedAt.get(ws) ?? 0;
      const frames = outgoing
        .filter((item, index) => (item.to ? item.to === ws : item.except !== ws && joined.has(ws) && index >= from))
        .map((item) => item.frame);
      if (frames.length > 0) this.deliver(ws, frames, batchFrame(frames));
    }
  }

  private deliver(ws: WebSocket, frames: string[], batch: string): void {
    try {
      if (frames.length === 1 || this.attachment(ws)?.batch) ws.send(batch);
      else for (const frame of frames) ws.send(frame);
    } catch {
      // Closed without its close event reaching us: forget it; a close event would do the rest.
      this.left(ws);
    }
  }

  /** Sends one frame now, outside the turn's outbox (presence frames, written per socket); a failed send forgets the socket. */
  sendNow(ws: WebSocket, frame: string): void {
    try {
      ws.send(frame);
    } catch {
      this.left(ws);
    }
  }

  /** What was said to a socket leaves before it closes. */
  close(ws: WebSocket, code: number, reason: string): void {
    this.flush();
    try {
      ws.close(code, reason);
    } catch {
      // Already closing.
    }
  }
}
