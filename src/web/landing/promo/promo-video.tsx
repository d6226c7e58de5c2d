import * as React from 'react';
import { ClipboardCheck, GraduationCap, MessageSquare, Pause, Play, Rocket, Sparkles, Volume2, VolumeX, Wallet, X, type LucideIcon } from 'lucide-react';
import { advance, CAPTIONS, captionIndexAt, formatTime, SPEECH_RATE, TENTHS, TICK_MS, toTenths, type SceneKind } from './timeline';

const SCENE_ICONS: Record<SceneKind, LucideIcon> = {
  intro: Sparkles,
  academics: GraduationCap,
  attendance: ClipboardCheck,
  fees: Wallet,
  parents: MessageSquare,
  trial: Rocket,
};

const TITLE = 'EduFam in 21 seconds';

/** The browser's speech synthesis, when it has one. */
function getSynth(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
}

/** An English voice, preferring Kenyan, then British, then American English. */
function pickVoice(synth: SpeechSynthesis): SpeechSynthesisVoice | null {
  const voices = synth.getVoices();
  for (const lang of ['en-KE', 'en-GB', 'en-US']) {
    const v = voices.find((x) => x.lang.replace('_', '-') === lang);
    if (v) return v;
  }
  return voices.find((x) => x.lang.startsWith('en')) ?? voices[0] ?? null;
}

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('button:not([disabled]), input:not([disabled]), [href], [tabindex]:not([tabindex="-1"])')];
}

/**
 * The promo video (spec §2 Other screens): a simulated 21-second video, six narrated scenes with
 * captions, Play/Pause, Mute, a seek slider, ticking every 0.1 s and looping to 0:00 at the end. The
 * narration is the browser's speech synthesis at rate 0.9; playback starts by itself once the browser
 * has its voices (the Play button works at any time; without speech synthesis the captions play alone).
 * A modal dialog: focus stays inside, Escape or Close ends it and focus returns to the button that
 * opened it. Scenes change without animation for users who prefer reduced motion (landing.css); the
 * timeline itself still plays, since the user asked for the video.
 */
export function PromoVideoModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [synth] = React.useState(getSynth);
  const [tenths, setTenths] = React.useState(0);
  const [playing, setPlaying] = React.useState(false);
  const [muted, setMuted] = React.useState(false);
  const [voicesReady, setVoicesReady] = React.useState(() => !synth || synth.getVoices().length > 0);
  const dialogRef = React.useRef<HTMLDivElement>(null);
  const started = React.useRef(false);
  const index = captionIndexAt(tenths);
  const caption = CAPTIONS[index]!;

  // Focus: remember the opener, move into the dialog, give focus back when it closes.
  React.useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialogRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  // Voices arrive asynchronously in most browsers ('voiceschanged').
  React.useEffect(() => {
    if (!synth || voicesReady) return;
    const onVoices = () => {
      if (synth.getVoices().length > 0) setVoicesReady(true);
    };
    synth.addEventListener('voiceschanged', onVoices);
    return () => synth.removeEventListener('voiceschanged', onVoices);
  }, [synth, voicesReady]);

  // Auto-start once, as soon as the voices are there.
  React.useEffect(() => {
    if (voicesReady && !started.current) {
      started.current = true;
      setPlaying(true);
    }
  }, [voicesReady]);

  // The 0.1 s tick.
  React.useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setTenths(advance), TICK_MS);
    return () => window.clearInterval(timer);
  }, [playing]);

  // Narration: each caption is spoken when it starts (and again on Play or Unmute); paused or muted is silent.
  React.useEffect(() => {
    if (!synth) return;
    synth.cancel();
    if (!playing || muted) return;
    const utterance = new SpeechSynthesisUtterance(CAPTIONS[index]!.text);
    utterance.rate = SPEECH_RATE;
    utterance.lang = 'en-GB';
    const voice = pickVoice(synth);
    if (voice) utterance.voice = voice;
    synth.speak(utterance);
  }, [synth, index, playing, muted]);

  // Silence on close.
  React.useEffect(() => () => synth?.cancel(), [synth]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const items = focusables(dialogRef.current);
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  if (!open) return null;
  const Icon = SCENE_ICONS[caption.scene];
  const progress = (tenths / TENTHS) * 100;

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-3 sm:p-6" onKeyDown={onKeyDown}>
      <div className="absolute inset-0 bg-black/70 backdrop-blur-sm" aria-hidden="true" onClick={onClose} data-testid="promo-backdrop" />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="promo-title"
        className="relative w-full max-w-3xl overflow-hidden rounded-2xl border border-border bg-card text-card-foreground shadow-2xl"
        data-testid="promo-dialog"
      >
        <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3 sm:px-5">
          <h2 id="promo-title" className="truncate text-base font-semibold">
            {TITLE}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="flex size-9 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
            data-testid="promo-close"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>

        <div className="relative aspect-video overflow-hidden bg-gradient-to-br from-teal-900 via-teal-800 to-slate-900 text-white" data-testid="promo-screen" data-scene={caption.scene}>
          <div aria-hidden="true" className="absolute -top-20 -right-16 size-72 rounded-full bg-teal-400/20 blur-3xl" />
          <div key={index} className="relative flex h-full animate-[promo-in_400ms_ease-out] flex-col items-center justify-center gap-3 px-6 pb-16 text-center sm:gap-5">
            <span className="flex size-11 items-center justify-center rounded-2xl bg-white/15 ring-1 ring-white/25 sm:size-16">
              <Icon className="size-6 sm:size-8" aria-hidden="true" />
            </span>
            <p className="text-lg font-bold tracking-tight sm:text-3xl">{caption.title}</p>
            <ul className="hidden flex-wrap justify-center gap-2 min-[420px]:flex">
              {caption.items.map((item) => (
                <li key={item} className="rounded-full bg-white/12 px-3 py-1 text-xs font-medium ring-1 ring-white/20 sm:text-sm">
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <p
            aria-live="polite"
            className="absolute inset-x-3 bottom-3 rounded-lg bg-black/60 px-3 py-2 text-center text-xs leading-snug sm:inset-x-8 sm:bottom-5 sm:text-base"
            data-testid="promo-caption"
          >
            {caption.text}
          </p>
          <div className="absolute inset-x-0 bottom-0 h-1 bg-white/15" aria-hidden="true">
            <div className="h-full bg-teal-300" style={{ width: `${progress}%` }} />
          </div>
        </div>

        <div className="flex items-center gap-2 px-3 py-3 sm:gap-3 sm:px-5">
          <button
            type="button"
            onClick={() => setPlaying((p) => !p)}
            aria-label={playing ? 'Pause' : 'Play'}
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground hover:bg-primary/90"
            data-testid="promo-play"
            data-autofocus
          >
            {playing ? <Pause className="size-4" aria-hidden="true" /> : <Play className="size-4" aria-hidden="true" />}
          </button>
          <button
            type="button"
            onClick={() => setMuted((m) => !m)}
            aria-label={muted ? 'Unmute' : 'Mute'}
            className="flex size-10 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
            data-testid="promo-mute"
          >
            {muted ? <VolumeX className="size-5" aria-hidden="true" /> : <Volume2 className="size-5" aria-hidden="true" />}
          </button>
          <input
            type="range"
            min={0}
            max={(TENTHS - 1) / 10}
            step={0.1}
            value={tenths / 10}
            onChange={(e) => setTenths(toTenths(Number(e.target.value)))}
            aria-label="Seek"
            aria-valuetext={`${formatTime(tenths)} of ${formatTime(TENTHS)}`}
            className="h-2 min-w-0 flex-1 cursor-pointer accent-primary"
            data-testid="promo-seek"
          />
          <span className="shrink-0 text-xs text-muted-foreground tabular-nums sm:text-sm" data-testid="promo-time">
            {formatTime(tenths)} / {formatTime(TENTHS)}
          </span>
        </div>
      </div>
    </div>
  );
}
