import { CalendarDays, ChevronDown, LogOut, ReceiptText, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { canOpenSection, pathForSection } from '@shared/access';
import { messages } from '@shared/messages';
import type { SessionUser } from '@/lib/types';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '@/components/ui/avatar';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

/**
 * Avatar with initials; its menu opens Profile Settings or logs out (spec §2 Shell chrome), and for
 * members of staff "My Leave" and "My Payslips" (issue 14 §2, §3).
 */
export function UserMenu({ user, onOpenProfile, onLogOut }: { user: SessionUser; onOpenProfile: () => void; onLogOut: () => void }) {
  const navigate = useNavigate();
  const selfService = !!user.role && canOpenSection(user.role, 'my-leave').allowed;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={messages.shell.userMenu}
        className="flex cursor-pointer items-center gap-1.5 rounded-full p-0.5 outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring sm:pr-2"
      >
        <Avatar className="size-8 ring-1 ring-border">
          {user.avatarUrl && <AvatarImage src={user.avatarUrl} alt="" />}
          <AvatarFallback>{initialsOf(user.name)}</AvatarFallback>
        </Avatar>
        <ChevronDown className="hidden size-3.5 text-muted-foreground sm:block" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate text-sm font-medium">{user.name}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onOpenProfile}>
          <UserRound /> {messages.shell.profileSettings}
        </DropdownMenuItem>
        {selfService && (
          <>
            <DropdownMenuItem onSelect={() => navigate(pathForSection(user.role, 'my-leave'))}>
              <CalendarDays /> {messages.shell.myLeave}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => navigate(pathForSection(user.role, 'my-payslips'))}>
              <ReceiptText /> {messages.shell.myPayslips}
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogOut} className="text-destructive data-[highlighted]:bg-destructive/10 data-[highlighted]:text-destructive">
          <LogOut /> {messages.shell.logOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
