import * as React from 'react';
import { BookOpen, Check } from 'lucide-react';
import { toast } from 'sonner';
import type { LessonRow, Room, TimetableSetup } from '@shared/contracts/timetable-setup';
import { ROOM_TYPES } from '@shared/contracts/timetable';
import { ROOM_TYPE_LABELS, timetableSetupScreens as sm } from '@shared/messages/timetable-setup-screens';
import { cn } from '@/lib/utils';
import { EmptyListState } from '@/components/list-states';
import { Input } from '@/components/ui/input';
import { PendingButton } from '@/components/pending-button';
import { NativeSelect, SelectField, levelChoices } from './setup-bits';
import { useSaveLesson } from './setup-api';

const l = sm.lessons;
const COLS = 'lg:grid-cols-[minmax(0,1fr)_minmax(0,1.7fr)_3.5rem_4.5rem_minmax(0,1fr)_minmax(0,1.1fr)_minmax(0,0.9fr)_5.5rem]';

/**
 * "Lessons": the teacher assignments (stream x learning area x teacher x lessons a week) with how they are
 * timetabled (doubles, room type or room, combine key). Filters by level and teacher; each row saves on its own.
 */
export function LessonsTab({ setup }: { setup: TimetableSetup }) {
  // The first level with lessons is shown first: a whole school is hundreds of rows.
  const [levelId, setLevelId] = React.useState(() => setup.levels.find((x) => setup.lessons.some((y) => y.levelId === x.id))?.id ?? '');
  const [teacherId, setTeacherId] = React.useState('');
  const teachers = React.useMemo(() => [...new Map(setup.lessons.map((x) => [x.teacherId, x.teacherName])).entries()].sort((a, b) => a[1].localeCompare(b[1])), [setup.lessons]);
  const rows = setup.lessons
    .filter((x) => (!levelId || x.levelId === levelId) && (!teacherId || x.teacherId === teacherId))
    .sort((a, b) => a.className.localeCompare(b.className, undefined, { numeric: true }) || a.subjectName.localeCompare(b.subjectName));
  if (setup.lessons.length === 0) return <EmptyListState icon={BookOpen} title={l.empty} hint={l.emptyHint} testId="tt-lessons-empty" />;
  const total = rows.reduce((a, x) => a + x.lessonsPerWeek, 0);
  return (
    <div className="grid min-w-0 gap-3" data-testid="tt-lessons">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          id="tt-lessons-level"
          small
          className="grid min-w-0 flex-1 gap-1 sm:max-w-56 sm:flex-none"
          label={l.filterLevel}
          value={levelId}
          onChange={setLevelId}
          choices={[['', l.allLevels], ...levelChoices(setup.levels)]}
        />
        <SelectField
          id="tt-lessons-teacher"
          small
          className="grid min-w-0 flex-1 gap-1 sm:max-w-64 sm:flex-none"
          label={l.filterTeacher}
          value={teacherId}
          onChange={setTeacherId}
          choices={[['', l.allTeachers], ...teachers]}
        />
        <p className="w-full text-xs text-muted-foreground sm:ml-auto sm:w-auto" data-testid="tt-lessons-count">
          {l.count(rows.length, setup.lessons.length)} · {l.totalLessons(total)}
        </p>
      </div>
      {rows.length === 0 ? (
        <EmptyListState icon={BookOpen} title={l.noMatch} testId="tt-lessons-nomatch" />
      ) : (
        <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
          <div className={cn('hidden gap-3 border-b bg-muted/50 px-4 py-2 text-xs font-medium text-muted-foreground lg:grid', COLS)}>
            <span>{l.stream}</span>
            <span>
              {l.subject} · {l.teacher}
            </span>
            <span className="text-right">{l.perWeekShort}</span>
            <span title={l.doublesHint}>{l.doubles}</span>
            <span>{l.roomType}</span>
            <span>{l.room}</span>
            <span title={l.combineHint}>{l.combine}</span>
            <span />
          </div>
          <ul className="divide-y" data-testid="tt-lesson-list">
            {rows.map((row) => (
              <LessonRowEditor key={`${row.assignmentId}:${row.doubleLessons}:${row.roomType}:${row.roomId}:${row.combineKey}`} row={row} rooms={setup.rooms} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function LessonRowEditor({ row, rooms }: { row: LessonRow; rooms: Room[] }) {
  const save = useSaveLesson();
  const [doubles, setDoubles] = React.useState(String(row.doubleLessons));
  const [roomType, setRoomType] = React.useState(row.roomType ?? '');
  const [roomId, setRoomId] = React.useState(row.roomId ?? '');
  const [combineKey, setCombineKey] = React.useState(row.combineKey ?? '');
  const maxDoubles = Math.min(7, Math.floor(row.lessonsPerWeek / 2));
  const doublesNum = Number(doubles);
  const badDoubles = doubles.trim() === '' || !Number.isInteger(doublesNum) || doublesNum < 0 || doublesNum > maxDoubles;
  const dirty = doublesNum !== row.doubleLessons || (roomType || null) !== row.roomType || (roomId || null) !== row.roomId || (combineKey.trim() || null) !== row.combineKey;
  const roomChoices = rooms.filter((x) => x.active && (!roomType || x.type === roomType));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (badDoubles || !dirty) return;
    save.mutate(
      { assignmentId: row.assignmentId, body: { doubleLessons: doublesNum, roomType: (roomType || null) as LessonRow['roomType'], roomId: roomId || null, combineKey: combineKey.trim() || null } },
      { onSuccess: () => toast.success(l.rowSaved(row.className, row.subjectName)), onError: (err) => toast.error(err.message) },
    );
  };
  const id = `tt-lesson-${row.assignmentId}`;
  const cell = 'grid min-w-0 gap-1 lg:block';
  const mobileLabel = 'text-[11px] text-muted-foreground lg:sr-only';
  return (
    <li data-testid="tt-lesson-row" data-stream={row.className} data-subject={row.subjectName} className={cn(dirty && 'bg-amber-500/5')}>
      <form onSubmit={submit} className={cn('grid min-w-0 grid-cols-2 items-center gap-x-3 gap-y-2 px-4 py-2.5 text-sm sm:grid-cols-4', COLS)}>
        <div className="col-span-2 min-w-0 sm:col-span-4 lg:contents">
          <span className="font-medium lg:truncate">{row.className}</span>
          <span className="text-muted-foreground lg:hidden"> · </span>
          <span className="min-w-0 lg:block">
            <span className="lg:block lg:truncate">{row.subjectName}</span>
            <span className="block truncate text-xs text-muted-foreground">
              {row.teacherName}
              <span className="lg:hidden"> · {row.lessonsPerWeek} {l.perWeekShort}</span>
            </span>
          </span>
          <span className="hidden text-right tabular-nums lg:block">{row.lessonsPerWeek}</span>
        </div>
        <div className={cell}>
          <label htmlFor={`${id}-doubles`} className={mobileLabel}>
            {l.doubles}
          </label>
          <Input
            id={`${id}-doubles`}
            type="number"
            min={0}
            max={maxDoubles}
            inputMode="numeric"
            value={doubles}
            onChange={(e) => setDoubles(e.target.value)}
            aria-invalid={badDoubles || undefined}
            title={badDoubles ? l.tooManyDoubles(maxDoubles) : l.doublesHint}
            className="h-9"
            data-testid="tt-lesson-doubles"
          />
        </div>
        <div className={cell}>
          <label htmlFor={`${id}-type`} className={mobileLabel}>
            {l.roomType}
          </label>
          <NativeSelect
            id={`${id}-type`}
            value={roomType}
            onChange={(e) => {
              setRoomType(e.target.value);
              const room = rooms.find((x) => x.id === roomId);
              if (room && e.target.value && room.type !== e.target.value) setRoomId('');
            }}
            className="h-9"
            data-testid="tt-lesson-roomtype"
          >
            <option value="">{l.anyRoomType}</option>
            {ROOM_TYPES.map((t) => (
              <option key={t} value={t}>
                {ROOM_TYPE_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className={cell}>
          <label htmlFor={`${id}-room`} className={mobileLabel}>
            {l.room}
          </label>
          <NativeSelect id={`${id}-room`} value={roomId} onChange={(e) => setRoomId(e.target.value)} className="h-9" data-testid="tt-lesson-room">
            <option value="">{l.anyRoom}</option>
            {roomChoices.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className={cell}>
          <label htmlFor={`${id}-combine`} className={mobileLabel}>
            {l.combine}
          </label>
          <Input id={`${id}-combine`} value={combineKey} maxLength={40} title={l.combineHint} onChange={(e) => setCombineKey(e.target.value)} className="h-9" data-testid="tt-lesson-combine" />
        </div>
        <div className="col-span-2 flex justify-end sm:col-span-4 lg:col-span-1">
          <PendingButton pending={save.isPending} icon={Check} type="submit" size="sm" variant={dirty ? 'default' : 'ghost'} disabled={!dirty || badDoubles || save.isPending} className="h-9 w-full sm:w-auto" aria-label={`${l.saveRow} ${row.className} ${row.subjectName}`} data-testid="tt-lesson-save">
            {l.saveRow}
          </PendingButton>
        </div>
      </form>
    </li>
  );
}
