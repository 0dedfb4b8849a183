import { sva } from 'styled-system/css'

/** Manage API Keys (docs/product/screens.md#api-keys-dialog): one form per provider. */
export const apiKeys = sva({
  slots: [
    'row',
    'header',
    'label',
    'saved',
    'fields',
    'inputWrap',
    'input',
    'reveal',
    'notice',
    'noticeIcon',
    'state',
    'test',
    'outcome',
    'outcomeIcon',
    'save',
    'saveLabel',
    'saveSizer',
  ],
  base: {
    row: {
      display: 'flex',
      flexDirection: 'column',
      gap: '2',
      p: '3',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'card',
    },
    // Wraps on a phone when a saved row's Saved mark and Test do not fit beside its name.
    header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' },
    label: { fontWeight: 'medium' },
    saved: {
      ml: 'auto',
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      fontSize: 'xs',
      color: 'green.700',
      _dark: { color: 'green.300' },
    },
    fields: { display: 'flex', gap: '2' },
    inputWrap: { position: 'relative', flex: 1 },
    // With field() (shell/field.recipe.ts), which draws its border and states.
    input: { w: 'full', h: '10', pl: '3', pr: '10', fontFamily: 'mono', fontSize: 'sm' },
    reveal: { position: 'absolute', right: '0.5', top: '0.5', h: '9', w: '9' },
    // The label and an invisible 'Update API Key' share one grid cell: the button takes the
    // wider of the two in any font, so Save and Update rows keep their inputs aligned.
    save: { display: 'inline-grid', placeItems: 'center', flexShrink: 0 },
    saveLabel: { gridArea: '1 / 1' },
    saveSizer: { gridArea: '1 / 1', visibility: 'hidden' },
    notice: {
      display: 'flex',
      gap: '2',
      alignItems: 'flex-start',
      fontSize: 'sm',
      color: 'fg.muted',
      bg: 'primary.muted',
      borderRadius: 'card',
      p: '3',
    },
    noticeIcon: { flexShrink: 0, mt: '0.5' },
    state: { ml: 'auto', display: 'flex', alignItems: 'center', gap: '2' },
    test: { flexShrink: 0 },
    outcome: {
      display: 'flex',
      gap: '1.5',
      alignItems: 'flex-start',
      fontSize: 'sm',
      overflowWrap: 'anywhere',
      // Kept in the page while empty, so screen readers hear what arrives; no gap meanwhile.
      _empty: { mt: '-2' },
      '&[data-outcome=works]': { color: { base: 'green.700', _dark: 'green.300' } },
      '&[data-outcome=failed]': { color: 'danger' },
    },
    outcomeIcon: { flexShrink: 0, mt: '0.5' },
  },
})
