import { emptyImportCounts } from '@daybook/shared';
import { countsText, projectName } from './importText';

describe('import texts', () => {
  it('lists the kinds a file holds, singular and plural, and says nothing when empty', () => {
    expect(countsText({ ...emptyImportCounts(), tasks: 500, comments: 1, clients: 6 })).toBe('500 tasks, 1 comment, 6 clients');
    expect(countsText({ ...emptyImportCounts(), notePages: 1, timeIncrements: 2, tasks: 1_200 })).toBe('1,200 tasks, 1 notes page, 2 time estimates');
    expect(countsText(emptyImportCounts())).toBe('nothing');
  });

  it('names a Todoist project after its file', () => {
    expect(projectName('Freelance work.csv')).toBe('Freelance work');
    expect(projectName('no-extension')).toBe('no-extension');
  });
});
