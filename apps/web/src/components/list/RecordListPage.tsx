import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, type ConfirmDialogProps } from '../ConfirmDialog';
import { ListHeader } from './ListHeader';
import { ScrollList } from './ScrollList';

interface RecordListPageProps {
  title: string;
  searchLabel: string;
  addLabel: string;
  addTestId: string;
  listTestId: string;
  emptyText: string;
  /** The searchable, infinitely scrolled list (usePagedSearch). */
  list: {
    typed: string;
    setTyped: (text: string) => void;
    loadMore: () => void;
    isPending: boolean;
    isFetchingNextPage: boolean;
    records: unknown[];
  };
  onAdd: () => void;
  /** The table of records. */
  children: ReactNode;
  /** The add/edit dialog and any other dialog of the page. */
  dialogs: ReactNode;
  /** The delete confirmation: useRecordActions' `confirm` with its title and text. */
  confirmDelete: ConfirmDialogProps;
  /** Extra actions between the header and the list, shown even while the list is empty. */
  toolbar?: ReactNode;
}

/** A page of records: title with search and add, the scrolled table (or an empty text) and its dialogs. */
export function RecordListPage(props: RecordListPageProps) {
  const { list } = props;
  return (
    <Box
      sx={{
        p: { xs: 2, sm: 3 },
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        boxSizing: 'border-box',
      }}
    >
      <ListHeader
        title={props.title}
        search={list.typed}
        onSearch={list.setTyped}
        searchLabel={props.searchLabel}
        addLabel={props.addLabel}
        onAdd={props.onAdd}
        addTestId={props.addTestId}
      />
      {props.toolbar}
      <ScrollList
        onNearBottom={list.loadMore}
        loading={list.isPending || list.isFetchingNextPage}
        testId={props.listTestId}
      >
        {!list.isPending && list.records.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {props.emptyText}
          </Typography>
        ) : (
          props.children
        )}
      </ScrollList>
      {props.dialogs}
      <ConfirmDialog {...props.confirmDelete} />
    </Box>
  );
}
