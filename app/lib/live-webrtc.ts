/**
 * WHIP and WHEP from the browser (ADR 060): one SDP offer POSTed as application/sdp, the answer in
 * the reply (201) with the session's Location to DELETE when done. No trickle: the offer waits for
 * its candidates (at most `GATHER_MS`), as Stream's WHIP and WHEP endpoints want.
 */

const GATHER_MS = 2_000;

export interface WebRtcSession {
  pc: RTCPeerConnection;
  /** The session's URL at the server (DELETE ends it); null when the server named none. */
  location: string | null;
}

function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== 'complete') return;
      pc.removeEventListener('icegatheringstatechange', done);
      resolve();
    };
    pc.addEventListener('icegatheringstatechange', done);
    setTimeout(resolve, GATHER_MS);
  });
}

/** Offers `pc`'s description to `url` and takes the answer; throws when the server refuses. */
async function negotiate(pc: RTCPeerConnection, url: string): Promise<string | null> {
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/sdp' }, body: pc.localDescription!.sdp });
  if (response.status !== 201) throw new Error(`offer refused: ${response.status}`);
  const answer = await response.text();
  await pc.setRemoteDescription({ type: 'answer', sdp: answer });
  const location = response.headers.get('Location');
  return location ? new URL(location, url).href : null;
}

/** Publishes `stream`'s tracks to a WHIP endpoint. */
export async function publish(url: string, stream: MediaStream): Promise<WebRtcSession> {
  const pc = new RTCPeerConnection();
  for (const track of stream.getTracks()) pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
  try {
    return { pc, location: await negotiate(pc, url) };
  } catch (error) {
    pc.close();
    throw error;
  }
}

/** Plays a WHEP endpoint: its video and audio arrive in `into`. */
export async function play(url: string, into: MediaStream): Promise<WebRtcSession> {
  const pc = new RTCPeerConnection();
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  pc.addEventListener('track', (event) => into.addTrack(event.track));
  try {
    return { pc, location: await negotiate(pc, url) };
  } catch (error) {
    pc.close();
    throw error;
  }
}

/** Ends a session: the server's side (DELETE, best effort) and ours. */
export function end(session: WebRtcSession | null): void {
  if (!session) return;
  if (session.location) void fetch(session.location, { method: 'DELETE' }).catch(() => {});
  session.pc.close();
}

/** Resolves once the connection is up; rejects when it fails or takes longer than `ms`. */
export function connected(pc: RTCPeerConnection, ms = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (pc.connectionState === 'connected') resolve();
      else if (pc.connectionState === 'failed' || pc.connectionState === 'closed') reject(new Error(pc.connectionState));
    };
    pc.addEventListener('connectionstatechange', check);
    check();
    setTimeout(() => reject(new Error('timeout')), ms);
  });
}
