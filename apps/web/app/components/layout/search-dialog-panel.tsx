import { Dialog } from 'radix-ui';
import { CloseIcon } from '../ui/icons';
import type { PanelProps } from '../ui/lazy-panel';
import { ICON_BUTTON } from './nav';
import { SearchBox } from './search-box';

/** The search dialog (see SearchDialog): loaded when search is first opened. */
export default function SearchDialogPanel({ open, onOpenChange: setOpen, trigger }: PanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px] transition-opacity duration-200 starting:opacity-0" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(e) => {
            // Straight into the text field, not the close button.
            e.preventDefault();
            (e.currentTarget as HTMLElement).querySelector<HTMLInputElement>('input[type="search"]')?.focus();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-x-3 top-3 z-50 mx-auto max-h-[calc(100dvh-1.5rem)] max-w-xl overflow-y-auto rounded-3xl bg-cream p-5 shadow-2xl transition duration-200 sm:top-[12vh] sm:p-7 starting:-translate-y-2 starting:opacity-0"
        >
          <div className="mb-5 flex items-center justify-between gap-4">
            <Dialog.Title className="font-display text-2xl text-ink">Search for a product</Dialog.Title>
            <Dialog.Close aria-label="Close search" className={`${ICON_BUTTON} -mr-2`}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <SearchBox onDone={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
