import { spawn } from 'node:child_process';

/** A browser recording: a bare timestamp plus an audio extension, or a name with `audio-record-site`. */
export function isBrowserRecording(fileName: string): boolean {
  return (
    /^\d{6,}\.(mp3|ogg|oga|opus|webm|wav|m4a|aac|mpeg|mpga)$/i.test(fileName) ||
    fileName.includes('audio-record-site')
  );
}

let ffmpegMissing = false;

const voiceNoteArgs = (input: string, output: string) => [
  '-nostdin',
  '-loglevel',
  'error',
  '-y',
  '-i',
  input,
  '-vn',
  '-ac',
  '1',
  '-ar',
  '48000',
  '-c:a',
  'libopus',
  '-b:a',
  '32k',
  '-f',
  'ogg',
  output,
];

/**
 * Converts an audio file to ogg/opus (a WhatsApp voice note) with the system `ffmpeg`. Answers false, without
 * throwing, when ffmpeg is not installed or the conversion fails: the caller then sends the original audio.
 */
export function convertToVoiceNote(input: string, output: string): Promise<boolean> {
  if (ffmpegMissing) return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = spawn('ffmpeg', voiceNoteArgs(input, output), { stdio: ['ignore', 'ignore', 'ignore'] });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') ffmpegMissing = true;
      resolve(false);
    });
    child.on('close', (code) => resolve(code === 0));
  });
}
