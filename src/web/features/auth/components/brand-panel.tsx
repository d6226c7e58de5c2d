import { Link } from 'react-router';
import { GraduationCap, Smartphone, UsersRound } from 'lucide-react';
import { messages } from '@shared/messages';
import { Wordmark } from './logo-mark';

const POINT_ICONS = [GraduationCap, Smartphone, UsersRound];

/** Left half of /login on wide screens: brand, headline and what EduFam does for Kenyan schools. */
export function BrandPanel() {
  const t = messages.login;
  return (
    <aside className="relative hidden overflow-hidden bg-linear-to-br from-teal-950 via-teal-900 to-emerald-900 text-white lg:flex lg:flex-col">
      {/* Decorative background: soft glows and a faint grid. */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0">
        <div className="absolute -left-24 -top-24 size-[28rem] rounded-full bg-teal-400/20 blur-3xl" />
        <div className="absolute -bottom-32 -right-16 size-[26rem] rounded-full bg-emerald-300/15 blur-3xl" />
        <div className="absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.05)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.05)_1px,transparent_1px)] bg-[size:44px_44px] [mask-image:radial-gradient(ellipse_at_center,black_35%,transparent_75%)]" />
      </div>

      <div className="relative flex flex-1 flex-col justify-between gap-12 p-10 xl:p-14">
        <Link to="/" className="w-fit rounded-lg" aria-label={t.backToHome}>
          <Wordmark tone="inverted" />
        </Link>

        <div className="max-w-lg">
          <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/10 px-3 py-1 text-xs font-medium tracking-wide text-teal-50 backdrop-blur">
            <span className="size-1.5 rounded-full bg-emerald-300" aria-hidden="true" />
            {t.brandEyebrow}
          </p>
          <h2 className="text-4xl font-semibold leading-[1.15] tracking-tight xl:text-[2.75rem]">{t.brandHeadline}</h2>
          <p className="mt-4 text-base leading-relaxed text-teal-50/80">{t.brandText}</p>

          <ul className="mt-10 grid gap-5">
            {t.brandPoints.map((point, i) => {
              const Icon = POINT_ICONS[i] ?? GraduationCap;
              return (
                <li key={point.title} className="flex items-start gap-4">
                  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl border border-white/15 bg-white/10 text-emerald-200">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span>
                    <span className="block text-sm font-semibold text-white">{point.title}</span>
                    <span className="mt-0.5 block text-sm text-teal-50/75">{point.text}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>

        <dl className="grid max-w-lg grid-cols-3 gap-4 border-t border-white/10 pt-6">
          {t.brandStats.map((s) => (
            <div key={s.label}>
              <dt className="text-xs uppercase tracking-wider text-teal-50/60">{s.label}</dt>
              <dd className="mt-1 text-2xl font-semibold tabular-nums">{s.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </aside>
  );
}
