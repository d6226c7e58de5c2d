import * as React from 'react';
import { Link } from 'react-router';
import { Download, FileSpreadsheet, Loader2, UserRoundX } from 'lucide-react';
import { pathForSection } from '@shared/access';
import type { SbaLearner, SbaOptions } from '@shared/contracts/knec';
import { formatDay, schoolToday } from '@shared/dates';
import { knecMessages } from '@shared/messages/knec';
import { useAuth } from '@/lib/auth';
import { useFileDownload } from '@/lib/download';
import { PlainTable, Td, Th } from '@/components/plain-table';
import { QueryErrorCard } from '@/components/query-error-card';
import { OptionSelect } from '@/components/select-parts';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { IconCardHeader } from '@/components/icon-card-header';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { sbaUrl, useSbaOptions, useSbaPreview, type SbaPick } from './knec-sba-api';

const k = knecMessages.card;
/** Rows of the file shown in the preview. */
const PREVIEW_ROWS = 10;

type Series = SbaOptions['series'][number];

/** "Term 2 2026 · Grade 7, Grade 8 · 20/06/2026" (the junior-school levels that sat it, the release day). */
function seriesDetail(s: Series, levelName: Map<string, string>): string {
  const junior = s.levelIds.flatMap((id) => levelName.get(id) ?? []);
  return [`${s.term} ${s.year}`, junior.join(', '), s.releasedAt ? formatDay(s.releasedAt) : null].filter(Boolean).join(' · ');
}

function SeriesPicker({ series, levelName, picked, weights, onToggle, onWeight }: { series: Series[]; levelName: Map<string, string>; picked: string[]; weights: Record<string, string>; onToggle: (id: string, on: boolean) => void; onWeight: (id: string, w: string) => void }) {
  if (!series.length) return <p className="text-sm text-muted-foreground">{k.noSeries}</p>;
  return (
    <ul className="flex max-h-80 flex-col divide-y overflow-y-auto rounded-lg border" data-testid="knec-sba-series">
      {series.map((s) => {
        const on = picked.includes(s.id);
        const boxId = `knec-series-${s.id}`;
        return (
          <li key={s.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5" data-testid="knec-sba-series-row">
            <Checkbox id={boxId} checked={on} onCheckedChange={(v) => onToggle(s.id, v === true)} />
            <label htmlFor={boxId} className="min-w-0 flex-1 cursor-pointer">
              <span className="block text-sm font-medium">{s.name}</span>
              <span className="block text-xs text-muted-foreground">{seriesDetail(s, levelName)}</span>
            </label>
            {on && (
              <div className="flex items-center gap-2">
                <Label htmlFor={`${boxId}-w`} className="text-xs text-muted-foreground">
                  {k.weight}
                </Label>
                <Input
                  id={`${boxId}-w`}
                  inputMode="decimal"
                  className="h-8 w-16 sm:w-20"
                  value={weights[s.id] ?? '1'}
                  onChange={(e) => onWeight(s.id, e.target.value)}
                  aria-label={k.weightFor(s.name)}
                  data-testid="knec-sba-weight"
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function LearnerLink({ l, href }: { l: SbaLearner; href: string | null }) {
  return href ? (
    <Link to={href} className="font-medium underline-offset-4 hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" aria-label={k.openLearner(l.name)} data-testid="knec-sba-learner-link">
      {l.name}
    </Link>
  ) : (
    <span className="font-medium">{l.name}</span>
  );
}

/**
 * The principal's KNEC school-based assessment card on Reports (issue 35 §2): pick a CBC junior level,
 * tick released series (each with a weight, equal by default), see the first rows of the upload file,
 * the learners without an assessment number (each linked to their record to fix it) and those without
 * marks, and download the file as Excel or CSV.
 */
export function KnecSbaCard() {
  const { state } = useAuth();
  const role = state.user?.role ?? null;
  const options = useSbaOptions();
  const [levelId, setLevelId] = React.useState('');
  const [picked, setPicked] = React.useState<string[]>([]);
  const [weights, setWeights] = React.useState<Record<string, string>>({});
  const pick: SbaPick = { levelId, examIds: picked, weights: picked.map((id) => weights[id] ?? '1') };
  const preview = useSbaPreview(pick);
  const { start, isBusy } = useFileDownload(k.downloadFailed);
  const studentsPath = role === 'principal' ? pathForSection(role, 'student-information') : null;
  const learnerHref = (id: string) => (studentsPath ? `${studentsPath}?student=${encodeURIComponent(id)}` : null);

  const o = options.data;
  const level = o?.levels.find((l) => l.id === levelId);
  const ready = !!levelId && picked.length > 0;
  const d = ready ? preview.data : undefined;
  const canDownload = ready && !!d && !preview.isError;

  const toggle = (id: string, on: boolean) => setPicked((list) => (on ? [...list, id] : list.filter((x) => x !== id)));
  const download = (format: 'xlsx' | 'csv') => start(`sba-${format}`, sbaUrl(pick, format), `${knecMessages.fileName(level?.name ?? 'level', schoolToday())}.${format}`);

  return (
    <Card data-testid="knec-sba-card">
      <IconCardHeader icon={FileSpreadsheet} title={k.title} description={k.intro} />
      <CardContent className="flex flex-col gap-5">
        {options.error ? (
          <QueryErrorCard query={options} title={k.optionsFailed} retryLabel={k.tryAgain} testId="knec-sba-options-error" />
        ) : !o ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {k.loading}
          </p>
        ) : !o.levels.length ? (
          <p className="text-sm text-muted-foreground">{k.noLevels}</p>
        ) : (
          <>
            <div className="grid gap-5 lg:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
              <div className="flex flex-col gap-2">
                <Label htmlFor="knec-sba-level">{k.level}</Label>
                <OptionSelect
                  value={levelId}
                  onValueChange={setLevelId}
                  placeholder={k.levelPlaceholder}
                  options={o.levels.map((l) => ({ value: l.id, label: `${l.name} · ${k.learnersOf(l.learners)}` }))}
                  trigger={{ id: 'knec-sba-level', className: 'w-full', 'data-testid': 'knec-sba-level' }}
                />
              </div>
              <div className="flex min-w-0 flex-col gap-2">
                <span className="text-sm font-medium">{k.series}</span>
                <p className="text-xs text-muted-foreground">{k.seriesHint}</p>
                <SeriesPicker series={o.series} levelName={new Map(o.levels.map((l) => [l.id, l.name]))} picked={picked} weights={weights} onToggle={toggle} onWeight={(id, w) => setWeights((x) => ({ ...x, [id]: w }))} />
              </div>
            </div>

            {!ready ? (
              <p className="text-sm text-muted-foreground">{k.pickSeries}</p>
            ) : preview.isError ? (
              <QueryErrorCard query={preview} title={k.loadFailed} retryLabel={k.tryAgain} testId="knec-sba-preview-error" />
            ) : !d ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Loader2 className="size-4 animate-spin" aria-hidden />
                {k.preview}
              </p>
            ) : (
              <div className="flex flex-col gap-5" data-testid="knec-sba-preview">
                <section className="flex flex-col gap-2">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 className="text-sm font-semibold">{k.previewTitle}</h3>
                    <span className="text-xs text-muted-foreground" data-testid="knec-sba-row-count">
                      {k.rowsOf(Math.min(PREVIEW_ROWS, d.rows.length), d.rows.length)}
                    </span>
                  </div>
                  {d.rows.length ? (
                    <PlainTable minWidth={480} testId="knec-sba-rows">
                      <thead>
                        <tr>
                          <Th>{k.col.assessmentNumber}</Th>
                          <Th>{k.col.name}</Th>
                          <Th>{k.col.learningArea}</Th>
                          <Th className="text-right">{k.col.score}</Th>
                        </tr>
                      </thead>
                      <tbody>
                        {d.rows.slice(0, PREVIEW_ROWS).map((r) => (
                          <tr key={`${r.studentId}:${r.learningAreaCode}`}>
                            <Td className="font-mono text-xs">{r.assessmentNumber}</Td>
                            <Td>{r.name}</Td>
                            <Td>
                              <span className="font-mono text-xs text-muted-foreground">{r.learningAreaCode}</span> {r.learningArea}
                            </Td>
                            <Td className="text-right tabular-nums">{r.score}</Td>
                          </tr>
                        ))}
                      </tbody>
                    </PlainTable>
                  ) : (
                    <p className="text-sm text-muted-foreground">{k.previewEmpty}</p>
                  )}
                  <p className="text-xs text-muted-foreground">{k.weightsUsed(d.series.map((s, i) => `${s.name} ${d.weights[i]}`).join(', '))}</p>
                </section>

                <section className="flex flex-col gap-2" data-testid="knec-sba-missing">
                  {d.missingAssessmentNumber.length ? (
                    <>
                      <h3 className="flex items-center gap-2 text-sm font-semibold">
                        <UserRoundX className="size-4 text-amber-600 dark:text-amber-400" aria-hidden />
                        {k.missingTitle(d.missingAssessmentNumber.length)}
                      </h3>
                      <p className="text-xs text-muted-foreground">{k.missingHint}</p>
                      <PlainTable minWidth={420}>
                        <thead>
                          <tr>
                            <Th>{k.col.name}</Th>
                            <Th>{k.col.admissionNumber}</Th>
                            <Th>{k.col.stream}</Th>
                          </tr>
                        </thead>
                        <tbody>
                          {d.missingAssessmentNumber.map((l) => (
                            <tr key={l.studentId} data-testid="knec-sba-missing-row">
                              <Td>
                                <LearnerLink l={l} href={learnerHref(l.studentId)} />
                              </Td>
                              <Td className="font-mono text-xs">{l.admissionNumber}</Td>
                              <Td>{l.stream}</Td>
                            </tr>
                          ))}
                        </tbody>
                      </PlainTable>
                    </>
                  ) : (
                    <p className="text-sm text-muted-foreground">{k.missingNone}</p>
                  )}
                </section>

                {d.noMarks.length > 0 && (
                  <section className="flex flex-col gap-2" data-testid="knec-sba-no-marks">
                    <h3 className="text-sm font-semibold">{k.noMarksTitle(d.noMarks.length)}</h3>
                    <p className="text-xs text-muted-foreground">{k.noMarksHint}</p>
                    <ul className="flex flex-col gap-1 text-sm">
                      {d.noMarks.slice(0, PREVIEW_ROWS).map((l) => (
                        <li key={l.studentId} className="min-w-0">
                          <LearnerLink l={l} href={learnerHref(l.studentId)} /> <span className="text-muted-foreground">· {l.stream} · {l.learningAreas.join(', ')}</span>
                        </li>
                      ))}
                      {d.noMarks.length > PREVIEW_ROWS && <li className="text-xs text-muted-foreground">{k.rowsOf(PREVIEW_ROWS, d.noMarks.length)}</li>}
                    </ul>
                  </section>
                )}
              </div>
            )}

            <div className="flex flex-wrap gap-2">
              <Button variant="outline" disabled={!canDownload || isBusy('sba-xlsx')} onClick={() => void download('xlsx')} data-testid="knec-sba-excel">
                {isBusy('sba-xlsx') ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Download className="size-4" aria-hidden />}
                {k.downloadExcel}
              </Button>
              <Button variant="outline" disabled={!canDownload || isBusy('sba-csv')} onClick={() => void download('csv')} data-testid="knec-sba-csv">
                {isBusy('sba-csv') ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Download className="size-4" aria-hidden />}
                {k.downloadCsv}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
