/**
 * Ids kept in the tab's sessionStorage, which a reload keeps and a new tab does not: the tab's
 * id (the room gives a reloaded tab its place back and refuses another tab), and whether the
 * tab is in a room (a reload then enters again by itself).
 */
const CLIENT_ID_KEY = 'consultorio.video.client';

function randomId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export function tabClientId(): string {
  try {
    const kept = sessionStorage.getItem(CLIENT_ID_KEY);
    if (kept) return kept;
    const id = randomId();
    sessionStorage.setItem(CLIENT_ID_KEY, id);
    return id;
  } catch {
    // Storage refused (private mode): this page is a tab of its own.
    return randomId();
  }
}

export function joinedFlag(roomKey: string) {
  const key = `consultorio.video.joined.${roomKey}`;
  return {
    isSet: () => {
      try {
        return sessionStorage.getItem(key) === '1';
      } catch {
        return false;
      }
    },
    set: () => {
      try {
        sessionStorage.setItem(key, '1');
      } catch {
        // Without storage a reload shows the preview again.
      }
    },
    clear: () => {
      try {
        sessionStorage.removeItem(key);
      } catch {
        // Nothing kept.
      }
    },
  };
}
