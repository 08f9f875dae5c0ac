import { describe, expect, it } from 'vitest';
import { embedUrl, thumbnailUrl, videoIdOf } from './youtube';

describe('help video ids', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  dQw4w9WgXcQ ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('reads %s', (video, id) => {
    expect(videoIdOf(video)).toBe(id);
  });

  it.each([
    '',
    'not a video',
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/short',
    'abc<script>',
  ])('finds no id in %j', (video) => {
    expect(videoIdOf(video)).toBeNull();
  });

  it('builds the thumbnail and player addresses', () => {
    expect(thumbnailUrl('dQw4w9WgXcQ')).toBe('https://img.youtube.com/vi/dQw4w9WgXcQ/0.jpg');
    expect(embedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1');
  });
});
