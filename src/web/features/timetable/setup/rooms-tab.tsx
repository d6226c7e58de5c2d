import * as React from 'react';
import { DoorOpen, Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { Room, TimetableSetup } from '@shared/contracts/timetable-setup';
import { ROOM_TYPES, type SlotInput } from '@shared/contracts/timetable';
import { ROOM_TYPE_LABELS, timetableSetupScreens as sm } from '@shared/messages/timetable-setup-screens';
import { cn } from '@/lib/utils';
import { EmptyListState } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { EditSheet, InputField, SelectField, SheetForm, schoolWeek, useFormError, type WeekShape , DeleteConfirm } from './setup-bits';
import { SlotGrid } from './slot-grid';
import { useDeleteRoom, useSaveRoom } from './setup-api';

const r = sm.rooms;

/** "Rooms": the school's rooms (name, type, seats, in use, unavailable periods); add/edit in a sheet, delete with confirmation. */
export function RoomsTab({ setup }: { setup: TimetableSetup }) {
  const [editing, setEditing] = React.useState<Room | 'new' | null>(null);
  const [target, setTarget] = React.useState<Room | null>(null);
  const del = useDeleteRoom();
  const week = schoolWeek(setup);
  const rooms = [...setup.rooms].sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name));
  return (
    <div className="grid min-w-0 gap-3" data-testid="tt-rooms">
      <div className="flex justify-end">
        <Button size="sm" onClick={() => setEditing('new')} data-testid="tt-room-add">
          <Plus aria-hidden />
          {r.add}
        </Button>
      </div>
      {rooms.length === 0 ? (
        <EmptyListState icon={DoorOpen} title={r.empty} hint={r.emptyHint} testId="tt-rooms-empty" />
      ) : (
        <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
          <div className="hidden grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_5rem_minmax(0,1.3fr)_5rem] gap-4 border-b bg-muted/50 px-4 py-2 text-xs font-medium text-muted-foreground md:grid">
            <span>{r.name}</span>
            <span>{r.type}</span>
            <span className="text-right">{r.capacityShort}</span>
            <span>{r.unavailable}</span>
            <span />
          </div>
          <ul className="divide-y" data-testid="tt-room-list">
            {rooms.map((room) => (
              <li
                key={room.id}
                className={cn('grid min-w-0 grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-4 py-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_5rem_minmax(0,1.3fr)_5rem]', !room.active && 'opacity-60')}
                data-testid="tt-room-row"
                data-name={room.name}
              >
                <div className="min-w-0">
                  <p className="truncate font-medium">{room.name}</p>
                  <p className="truncate text-xs text-muted-foreground md:hidden">
                    {[ROOM_TYPE_LABELS[room.type], `${room.capacity} ${r.capacityShort.toLowerCase()}`, room.unavailable.length ? sm.grid.count(room.unavailable.length) : null].filter(Boolean).join(' · ')}
                  </p>
                  {!room.active && <Badge variant="secondary" className="mt-1">{r.inactive}</Badge>}
                </div>
                <span className="hidden truncate text-sm md:block">{ROOM_TYPE_LABELS[room.type] ?? room.type}</span>
                <span className="hidden text-right text-sm tabular-nums md:block">{room.capacity}</span>
                <span className="hidden truncate text-sm text-muted-foreground md:block">{room.unavailable.length ? sm.grid.count(room.unavailable.length) : r.unavailableNone}</span>
                <div className="row-span-1 flex justify-end gap-1">
                  <Button variant="ghost" size="icon" className="size-8" aria-label={`${sm.edit} ${room.name}`} onClick={() => setEditing(room)} data-testid="tt-room-edit">
                    <Pencil aria-hidden />
                  </Button>
                  <Button variant="ghost" size="icon" className="size-8 text-destructive" aria-label={`${sm.delete} ${room.name}`} onClick={() => setTarget(room)} data-testid="tt-room-delete">
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
      <EditSheet open={!!editing} onClose={() => setEditing(null)} testId="tt-room-sheet">
        {editing && <RoomForm key={editing === 'new' ? 'new' : editing.id} room={editing === 'new' ? null : editing} week={week} onClose={() => setEditing(null)} />}
      </EditSheet>
      <DeleteConfirm
        target={target}
        title={target ? r.deleteTitle(target.name) : ''}
        text={r.deleteText}
        del={del}
        onClose={() => setTarget(null)}
        testId="tt-room-delete-dialog"
        confirmTestId="tt-room-delete-confirm"
      />
    </div>
  );
}

function RoomForm({ room, week, onClose }: { room: Room | null; week: WeekShape; onClose: () => void }) {
  const save = useSaveRoom();
  const err = useFormError();
  const [name, setName] = React.useState(room?.name ?? '');
  const [type, setType] = React.useState<Room['type']>(room?.type ?? 'classroom');
  const [capacity, setCapacity] = React.useState(room ? String(room.capacity) : '45');
  const [active, setActive] = React.useState(room?.active ?? true);
  const [unavailable, setUnavailable] = React.useState<SlotInput[]>(room?.unavailable ?? []);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    err.clear();
    save.mutate(
      { id: room?.id, body: { name: name.trim(), type, capacity: Number(capacity), active, unavailable } },
      {
        onSuccess: () => {
          toast.success(room ? sm.saved : r.added);
          onClose();
        },
        onError: err.fail,
      },
    );
  };
  return (
    <SheetForm
      onSubmit={submit}
      title={room ? r.edit : r.add}
      description={r.emptyHint}
      error={err.error}
      errorTestId="tt-room-error"
      pending={save.isPending}
      saveDisabled={!name.trim()}
      saveTestId="tt-room-save"
      onCancel={onClose}
    >
      <InputField id="tt-room-name" label={r.name} placeholder={r.namePlaceholder} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} error={err.field('name')} data-testid="tt-room-name" />
      <div className="grid grid-cols-2 gap-3">
        <SelectField id="tt-room-type" className="grid min-w-0 gap-1.5" label={r.type} value={type} onChange={(v) => setType(v as Room['type'])} choices={ROOM_TYPES.map((t) => [t, ROOM_TYPE_LABELS[t]] as const)} />
        <InputField id="tt-room-capacity" label={r.capacity} type="number" inputMode="numeric" min={1} max={2000} value={capacity} onChange={(e) => setCapacity(e.target.value)} error={err.field('capacity')} data-testid="tt-room-capacity" />
      </div>
      <Label htmlFor="tt-room-active" className="flex cursor-pointer items-start justify-between gap-3 rounded-lg border p-3 font-normal">
        <span>
          <span className="block text-sm font-medium">{r.active}</span>
          <span className="block text-xs text-muted-foreground">{r.activeHint}</span>
        </span>
        <Switch id="tt-room-active" checked={active} onCheckedChange={setActive} data-testid="tt-room-active" />
      </Label>
      <div className="grid gap-2">
        <p className="text-sm font-medium">{r.unavailable}</p>
        <p className="text-xs text-muted-foreground">{sm.grid.hint}</p>
        <SlotGrid week={week} value={unavailable} onChange={setUnavailable} testId="tt-room-grid" />
      </div>
    </SheetForm>
  );
}
