import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';

/** One icon button of a row: its label is what a screen reader says (and the tooltip, where asked). */
export interface RowAction {
  label: string;
  onClick: () => void;
  testId?: string;
  disabled?: boolean;
  /** Shows the label in a tooltip too. */
  tooltip?: boolean;
}

export interface ExtraRowAction extends RowAction {
  icon: ReactNode;
}

export interface RowActionsProps {
  /** Opens the record's edit dialog. */
  edit?: RowAction;
  /** Asks to delete the record; the page's ConfirmDialog (useRecordActions) confirms. */
  remove?: RowAction;
  /** Actions before edit (e.g. start a ticket). */
  leading?: readonly ExtraRowAction[];
  /** Actions between edit and delete (e.g. renew a due date). */
  extra?: readonly ExtraRowAction[];
  /** Omits every button (the user may not change the record) but keeps the cell. */
  hidden?: boolean;
  sx?: TableCellProps['sx'];
}

function ActionButton({ action, icon }: { action: RowAction; icon: ReactNode }) {
  const button = (
    <IconButton
      size="small"
      aria-label={action.label}
      onClick={action.onClick}
      disabled={action.disabled}
      data-testid={action.testId}
    >
      {icon}
    </IconButton>
  );
  if (!action.tooltip) return button;
  // A disabled button fires no events, so the tooltip listens on a wrapper.
  return (
    <Tooltip title={action.label}>
      <span>{button}</span>
    </Tooltip>
  );
}

/** The actions cell of a table row: extra actions, edit and delete, as small icon buttons in one line. */
export function RowActions({ edit, remove, leading = [], extra = [], hidden, sx }: RowActionsProps) {
  const extras = (actions: readonly ExtraRowAction[]) =>
    actions.map((action) => <ActionButton key={action.label} action={action} icon={action.icon} />);
  return (
    <TableCell align="right" sx={[{ whiteSpace: 'nowrap' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {!hidden && (
        <>
          {extras(leading)}
          {edit && <ActionButton action={edit} icon={<EditOutlinedIcon fontSize="small" />} />}
          {extras(extra)}
          {remove && <ActionButton action={remove} icon={<DeleteOutlineIcon fontSize="small" />} />}
        </>
      )}
    </TableCell>
  );
}
