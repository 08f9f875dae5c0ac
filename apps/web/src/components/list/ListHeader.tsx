import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';

/**
 * A list's title row: title, search box and add button (wrapping on narrow screens). Without a title the
 * row is the search and the button; without onAdd there is no button (the user may not add).
 */
export function ListHeader({
  title,
  search,
  onSearch,
  searchLabel,
  addLabel,
  onAdd,
  addTestId,
}: {
  title?: string;
  search: string;
  onSearch: (text: string) => void;
  searchLabel: string;
  addLabel: string;
  onAdd?: () => void;
  addTestId: string;
}) {
  // On phones the title and the add button share the first row and the search box gets a whole row, so its
  // placeholder is never cut.
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, flexWrap: 'wrap', mb: 2 }}>
      {title !== undefined && (
        <Typography variant="h5" component="h1" sx={{ flex: '1 1 auto', minWidth: 0 }}>
          {title}
        </Typography>
      )}
      <TextField
        size="small"
        placeholder={searchLabel}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        sx={{ order: { xs: 3, sm: 0 }, flex: { xs: '1 1 100%', sm: '0 1 260px' }, minWidth: 0 }}
        slotProps={{
          htmlInput: { 'aria-label': searchLabel, name: 'searchParam', type: 'search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {onAdd && (
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={onAdd}
          data-testid={addTestId}
          sx={{ flexShrink: 0 }}
        >
          {addLabel}
        </Button>
      )}
    </Box>
  );
}
