/** Video ids on the hosting service: 11 characters of letters, digits, "-" and "_". */
const ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video id of a help: stored as the id itself or as a link to it (watch, short, embed or youtu.be
 * forms). Null when none can be read.
 */
export function videoIdOf(video: string): string | null {
  const text = video.trim();
  if (ID.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m)\./, '');
  let candidate: string | null | undefined;
  if (host === 'youtu.be') candidate = url.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [first, second] = url.pathname.split('/').slice(1);
    candidate = first === 'watch' ? url.searchParams.get('v') : second;
  }
  return candidate && ID.test(candidate) ? candidate : null;
}

export const thumbnailUrl = (id: string): string => `https://img.youtube.com/vi/${id}/0.jpg`;

export const embedUrl = (id: string): string => `https://www.youtube.com/embed/${id}?autoplay=1`;
