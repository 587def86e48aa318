import { ActionIcon } from './action-icons';
import { Icon } from './icon';
import surface from './surface.module.css';

export interface ItemActionButtonProps {
  /** Edit (a pencil) or delete (a bin that turns red under the pointer). */
  action: 'edit' | 'delete';
  /** The accessible name, naming the item ('Изменить материал Лекция 1'). */
  label: string;
  /** The tooltip: the action alone ('Изменить', 'Удалить'). */
  title: string;
  onClick: () => void;
}

/** The icon button that edits or deletes one item of a list (a book, a material). */
export function ItemActionButton({ action, label, title, onClick }: ItemActionButtonProps) {
  return (
    <button
      type="button"
      className={action === 'delete' ? surface.dangerIconButton : surface.iconButton}
      aria-label={label}
      title={title}
      onClick={onClick}
    >
      {action === 'delete' ? <ActionIcon name="trash" size={18} /> : <Icon name="edit" size={18} />}
    </button>
  );
}
