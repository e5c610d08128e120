import { DASHBOARD_CARD_TITLES, type DashboardCardPref } from '@helixis/contract';
import { ArrowDown, ArrowUp, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useSaveDashboardPrefs } from '../api/dashboard-prefs';
import { moveCard, toggleCard } from '../lib/layout';

/** "Customize dashboard": show or hide each card and change their order; saved per user on the server. */
export function CustomizeDashboardDialog({ cards, disabled }: { cards: DashboardCardPref[]; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DashboardCardPref[]>(cards);
  const save = useSaveDashboardPrefs();

  const onOpenChange = (next: boolean) => {
    if (next) setDraft(cards);
    setOpen(next);
  };

  const onSave = () =>
    save.mutate(
      { cards: draft },
      {
        onSuccess: () => {
          toast.success('Dashboard layout saved');
          setOpen(false);
        },
        onError: (err) => toast.error('Could not save the dashboard layout', { description: err.message }),
      },
    );

  return (
    <>
      <Button variant="outline" onClick={() => onOpenChange(true)} disabled={disabled}>
        <SlidersHorizontal aria-hidden="true" />
        Customize dashboard
      </Button>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Customize dashboard</DialogTitle>
            <DialogDescription>Choose which cards to show and the order they appear in.</DialogDescription>
          </DialogHeader>
          <ol className="divide-y rounded-md border" aria-label="Dashboard cards">
            {draft.map((card, index) => {
              const title = DASHBOARD_CARD_TITLES[card.id];
              return (
                <li key={card.id} className="flex items-center gap-3 px-3 py-2" data-testid={`customize-${card.id}`}>
                  <input
                    id={`show-${card.id}`}
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={card.visible}
                    onChange={() => setDraft((d) => toggleCard(d, card.id))}
                  />
                  <label htmlFor={`show-${card.id}`} className="flex-1 text-sm">
                    Show {title}
                  </label>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Move ${title} up`}
                    disabled={index === 0}
                    onClick={() => setDraft((d) => moveCard(d, index, -1))}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Move ${title} down`}
                    disabled={index === draft.length - 1}
                    onClick={() => setDraft((d) => moveCard(d, index, 1))}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ol>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={onSave} disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save layout'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
