import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeRealtime, startFakeRealtime } from '../../server/src/llm/fake-realtime';
import { type ApiUser, completeOnboardingThroughApi, signUpThroughApi } from '../support/api';
import { newPage, SCREENSHOT_DIR, shot, signInAt } from '../support/browser';
import { useProduct } from '../support/product';

const SUITE = 'voice';
const PASSWORD = 'harbor-voice-7';
const RATE = 24_000;

let fake: FakeRealtime;
let owner: ApiUser;
let wavDir: string;

/** A PCM16 mono WAV: `toneSeconds` of a 440 Hz tone, then `silenceSeconds` of silence. */
function toneWav(toneSeconds: number, silenceSeconds: number): Buffer {
  const samples = Math.round((toneSeconds + silenceSeconds) * RATE);
  const toneSamples = Math.round(toneSeconds * RATE);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < toneSamples; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / RATE) * 12_000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const product = useProduct({
  env: async () => {
    fake = await startFakeRealtime();
    // The relay reads HELIXIS_REALTIME_*: chat itself stays on the offline assistant.
    return {
      HELIXIS_REALTIME_BASE_URL: fake.url,
      HELIXIS_REALTIME_MODEL: 'gpt-realtime-fake',
      HELIXIS_REALTIME_API_KEY: 'sk-voice-e2e',
    };
  },
  browser: {
    args: () => {
      wavDir = mkdtempSync(path.join(os.tmpdir(), 'helixis-voice-'));
      const wav = path.join(wavDir, 'tone.wav');
      // One spoken turn: a second of tone, then silence long enough for the server VAD to end the turn.
      writeFileSync(wav, toneWav(1, 2));
      return [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${wav}%noloop`,
        '--autoplay-policy=no-user-gesture-required',
      ];
    },
  },
});

beforeAll(async () => {
  owner = await signUpThroughApi(product.server.url, `voice+${Date.now()}@harbor-view.com`, PASSWORD);
  await completeOnboardingThroughApi(
    product.server.url,
    owner.accessToken,
    'Harbor View manages pet-friendly apartments for long-term tenants in the harbour district.',
  );
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

afterAll(async () => {
  await fake?.close();
  if (wavDir) rmSync(wavDir, { recursive: true, force: true });
});

describe('/chat voice button', () => {
  it('streams the microphone to the realtime model, shows the transcript for 10 s and plays the answer', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    await context.grantPermissions(['microphone'], { origin: product.server.url });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    await signInAt(page, '/chat', owner.email, PASSWORD);
    await page.getByRole('button', { name: 'New chat' }).waitFor();

    // Record every state the voice status line goes through.
    await page.evaluate(() => {
      const w = window as unknown as { voiceStates: string[] };
      w.voiceStates = [];
      new MutationObserver(() => {
        const state = document.querySelector('[data-testid="voice-status"]')?.getAttribute('data-state');
        if (state && w.voiceStates.at(-1) !== state) w.voiceStates.push(state);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const status = page.getByTestId('voice-status');
    await page.getByRole('button', { name: 'Voice chat' }).click();
    await page.locator('[data-testid="voice-status"][data-state="connected"]').waitFor();
    expect(await page.getByRole('button', { name: 'End voice chat' }).getAttribute('aria-pressed')).toBe('true');

    // The fake model ends the turn on silence and answers: transcript shown, audio played.
    const transcript = page.getByTestId('voice-transcript');
    await transcript.waitFor({ timeout: 20_000 });
    expect(await transcript.textContent()).toMatch(/heard \d+ bytes of audio/);
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="voice-status"]')?.getAttribute('data-played')) >= 2,
    );
    await shot(page, SUITE, '01-voice-connected-transcript');

    // What reached the model: the session set up by the server, then 4096-sample PCM16 buffers.
    const [connection] = fake.connections;
    expect(connection?.url).toBe('/v1/realtime?model=gpt-realtime-fake');
    expect(connection?.headers.authorization).toBe('Bearer sk-voice-e2e');
    expect(fake.events[0]?.type).toBe('session.update');
    const frames = fake.events.filter((e) => e.type === 'input_audio_buffer.append');
    expect(frames.length).toBeGreaterThan(5);
    for (const frame of frames) expect(Buffer.from(String(frame.audio), 'base64')).toHaveLength(8192);
    // The tone arrived as sound, not as silence.
    const loudest = Math.max(
      ...frames.map((f) => {
        const pcm = Buffer.from(String(f.audio), 'base64');
        let peak = 0;
        for (let i = 0; i < pcm.length; i += 2) peak = Math.max(peak, Math.abs(pcm.readInt16LE(i)));
        return peak;
      }),
    );
    expect(loudest).toBeGreaterThan(4_000);

    // The transcript clears after its 10 seconds; the call goes on.
    await transcript.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await status.getAttribute('data-state')).toBe('connected');

    await page.getByRole('button', { name: 'End voice chat' }).click();
    await page.locator('[data-testid="voice-status"][data-state="ended"]').waitFor();
    await shot(page, SUITE, '02-voice-ended');
    const states = await page.evaluate(() => (window as unknown as { voiceStates: string[] }).voiceStates);
    expect(states).toEqual(['connecting', 'connected', 'ended']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
