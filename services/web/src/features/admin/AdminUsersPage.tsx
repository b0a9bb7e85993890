import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import SearchIcon from '@mui/icons-material/Search';
import { adminCreateUserBodySchema, localTime, newPasswordSchema, roleSchema, type AdminUser, type SignInMethod, type User } from '@daybook/shared';
import { serverMessage } from '../../api/apiError';
import { useChangeUserRoleMutation, useCreateAdminUserMutation, useDeleteAdminUserMutation, useGetAdminUsersQuery, useResetUserPasswordMutation } from '../../api/adminApi';
import { useSignedInUser } from '../../api/authApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { FormDialog } from '../../components/FormDialog';
import { LoadError } from '../../components/LoadError';
import { ScreenShell } from '../../components/ScreenShell';
import { SkeletonRows } from '../../components/SkeletonRows';
import { countLabel, formatInstantDate, formatTimeOfDay } from '../../lib/format';
import { fieldErrors } from '../../lib/formErrors';
import { toast, toastError } from '../../lib/toast';
import NotFoundPage from '../../app/NotFoundPage';
import { ResetSecondFactorButton, SecondFactorRequirementCard } from './SecondFactorAdmin';

type CreateFields = { username: string; email: string; firstName: string; lastName: string; role: 'user' | 'admin'; password: string };
const EMPTY: CreateFields = { username: '', email: '', firstName: '', lastName: '', role: 'user', password: '' };

/** The Add User form's messages (spec §5), field by field, from the shared schema. */
export function createUserErrors(fields: CreateFields): Partial<Record<keyof CreateFields, string>> {
  const parsed = adminCreateUserBodySchema.safeParse(fields);
  return parsed.success ? {} : fieldErrors<keyof CreateFields>(parsed.error);
}

const roleOptions = [
  <MenuItem key="user" value="user">
    User
  </MenuItem>,
  <MenuItem key="admin" value="admin">
    Admin
  </MenuItem>,
];

/**
 * A user's role, changed on the spot (issue 37). The api refuses to make the last admin a user, and says
 * so; an admin who makes themself a user leaves User Management.
 */
function RoleSelect({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const [changeRole, changing] = useChangeUserRoleMutation();
  const change = async (value: string) => {
    const role = roleSchema.parse(value);
    if (role === user.role) return;
    try {
      await changeRole({ userId: user.id, role, self: isSelf }).unwrap();
      toast({ title: 'Role updated', description: `${user.username} is now ${role === 'admin' ? 'an admin' : 'a user'}.`, variant: 'success' });
    } catch (error) {
      toastError(serverMessage(error) ?? 'Failed to change role');
    }
  };
  return (
    <TextField
      select
      size="small"
      value={user.role}
      disabled={changing.isLoading}
      onChange={(event) => void change(event.target.value)}
      slotProps={{ htmlInput: { 'aria-label': `Role of ${user.username}` } }}
      sx={{ minWidth: 104, '& .MuiSelect-select': { py: 0.5 } }}
    >
      {roleOptions}
    </TextField>
  );
}

function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [fields, setFields] = useState<CreateFields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof CreateFields, string>>>({});
  const [create, creating] = useCreateAdminUserMutation();
  const set = (key: keyof CreateFields) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setFields((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const submit = async () => {
    const found = createUserErrors(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await create(adminCreateUserBodySchema.parse(fields)).unwrap();
      toast({ title: 'User created successfully', variant: 'success' });
      setFields(EMPTY);
      onClose();
    } catch (error) {
      toastError(serverMessage(error) ?? 'Failed to create user');
    }
  };
  const field = (key: keyof CreateFields, label: string, extra: object = {}) => (
    <TextField label={label} value={fields[key]} onChange={set(key)} error={!!errors[key]} helperText={errors[key] ?? ' '} fullWidth {...extra} />
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Add User"
      submitLabel={creating.isLoading ? 'Creating...' : 'Create User'}
      busy={creating.isLoading}
      onSubmit={() => void submit()}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, pt: 1 }}
    >
      {field('firstName', 'First name')}
      {field('lastName', 'Last name')}
      {field('username', 'Username', { autoComplete: 'off' })}
      {field('email', 'Email', { type: 'email' })}
      {field('password', 'Password', { type: 'password', autoComplete: 'new-password' })}
      <TextField select label="Role" value={fields.role} onChange={set('role')} helperText=" " fullWidth>
        {roleOptions}
      </TextField>
    </FormDialog>
  );
}

function ResetPasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reset, resetting] = useResetUserPasswordMutation();
  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!user) return;
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Password must be at least 6 characters');
      return;
    }
    try {
      const ended = await reset({ userId: user.id, newPassword: parsed.data }).unwrap();
      toast({
        title: 'Password reset successfully',
        description: `${user.username} was signed out everywhere, and ${countLabel(ended.endedApiTokens, 'API token')} ended.`,
        variant: 'success',
      });
      close();
    } catch (failure) {
      toastError(serverMessage(failure) ?? 'Failed to reset password');
    }
  };
  return (
    <FormDialog
      open={user !== null}
      onClose={close}
      title="Reset Password"
      description={user ? `Set a new password for ${user.username}. They will be signed out everywhere, and their API tokens will stop working.` : undefined}
      submitLabel="Reset Password"
      busy={resetting.isLoading}
      onSubmit={() => void submit()}
      sx={{ pt: 1 }}
    >
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setError(null);
        }}
        error={!!error}
        helperText={error ?? ' '}
        fullWidth
        autoFocus
      />
    </FormDialog>
  );
}

/** How a user signs in (DECISIONS 30): 'Password', 'OIDC', 'Password and OIDC', or 'No sign-in method'. */
export function signInMethodsLabel(methods: readonly SignInMethod[]): string {
  const names = methods.map((method) => (method === 'password' ? 'Password' : 'OIDC'));
  return names.length > 0 ? names.join(' and ') : 'No sign-in method';
}

/** When a user last signed in, on the admin's clock: 'Mar 5, 2026, 3:04 PM', or 'Never signed in'. */
export function lastSignInLabel(lastSignInAt: string | null, timeZone: string): string {
  if (lastSignInAt === null) return 'Never signed in';
  return `Last sign-in ${formatInstantDate(lastSignInAt, timeZone)}, ${formatTimeOfDay(localTime(new Date(lastSignInAt), timeZone))}`;
}

/**
 * Whether a user matches the admin's search: every word typed is in the username, the name or the email
 * (any case). The search runs in the browser: GET /api/admin/users answers every account of the
 * installation at once (the people one admin provisions, not a paged list), so filtering what is
 * already loaded is instant and needs no call per key.
 */
export function matchesUserSearch(user: Pick<AdminUser, 'username' | 'firstName' | 'lastName' | 'email'>, query: string): boolean {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const haystack = [user.username, user.firstName, user.lastName, user.email].filter(Boolean).join(' ').toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}

function UserCard({ user, isSelf, timeZone, onReset, onDelete }: { user: AdminUser; isSelf: boolean; timeZone: string; onReset: () => void; onDelete: () => void }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <Card data-testid="user-card" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Avatar sx={{ bgcolor: 'primary.main' }}>{(user.firstName || user.username).charAt(0).toUpperCase()}</Avatar>
      <Box sx={{ flex: 1, minWidth: 160 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }} data-testid="user-username">
            {user.username}
          </Typography>
          {isSelf && <Chip size="small" variant="outlined" label="You" />}
        </Box>
        {name && (
          <Typography variant="body2" color="textSecondary">
            {name}
          </Typography>
        )}
        {user.email && (
          <Typography variant="body2" color="textSecondary">
            {user.email}
          </Typography>
        )}
        <Typography variant="body2" color="textSecondary" data-testid="user-sign-in">
          {signInMethodsLabel(user.signInMethods)} · {lastSignInLabel(user.lastSignInAt, timeZone)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <RoleSelect user={user} isSelf={isSelf} />
        <Button size="small" variant="outlined" onClick={onReset}>
          Reset Password
        </Button>
        {!isSelf && <ResetSecondFactorButton user={user} />}
        {!isSelf && (
          <Button size="small" variant="outlined" color="error" onClick={onDelete}>
            Delete
          </Button>
        )}
      </Box>
    </Card>
  );
}

function UserManagement({ me }: { me: User }) {
  const users = useGetAdminUsersQuery();
  const [deleteUser, deleting] = useDeleteAdminUserMutation();
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<User | null>(null);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [query, setQuery] = useState('');
  const all = users.data;
  const shown = useMemo(() => (all ?? []).filter((user) => matchesUserSearch(user, query)), [all, query]);
  const searching = query.trim() !== '';

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteUser(toDelete.id).unwrap();
      toast({ title: 'User deleted successfully', variant: 'success' });
      setToDelete(null);
    } catch (error) {
      toastError(serverMessage(error) ?? 'Failed to delete user');
    }
  };

  return (
    <ScreenShell
      title="User Management"
      actions={
        // Icons on phones, so the title keeps its room in the header.
        <>
          <Button component={RouterLink} to="/admin/audit" color="inherit" aria-label="Audit log" sx={{ flexShrink: 0, minWidth: { xs: 40, sm: 64 }, px: { xs: 1, sm: 2 } }}>
            <HistoryIcon fontSize="small" sx={{ mr: { xs: 0, sm: 1 } }} />
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              Audit log
            </Box>
          </Button>
          <Button variant="contained" aria-label="Add User" onClick={() => setAdding(true)} sx={{ flexShrink: 0, minWidth: { xs: 40, sm: 64 }, px: { xs: 1, sm: 2 } }}>
            <PersonAddIcon fontSize="small" sx={{ mr: { xs: 0, sm: 1 } }} />
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              Add User
            </Box>
          </Button>
        </>
      }
    >
      {users.isLoading ? (
        <SkeletonRows count={3} />
      ) : users.isError ? (
        <LoadError onRetry={() => void users.refetch()} />
      ) : (
        <Stack spacing={1.5}>
          <SecondFactorRequirementCard />
          <Box role="search" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}>
            <TextField
              size="small"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Username, name or email"
              slotProps={{
                htmlInput: { 'aria-label': 'Search users', maxLength: 200 },
                input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
              }}
              sx={{ flex: '1 1 240px' }}
            />
            <Typography variant="body2" color="textSecondary" role="status" data-testid="user-count">
              {searching ? `${shown.length} of ${countLabel(all?.length ?? 0, 'user')}` : countLabel(all?.length ?? 0, 'user')}
            </Typography>
          </Box>
          {searching && shown.length === 0 ? (
            <EmptyState title="No users found" description="No username, name or email contains what you typed." />
          ) : (
            shown.map((user) => (
              <UserCard key={user.id} user={user} isSelf={user.id === me.id} timeZone={me.timezone} onReset={() => setResetting(user)} onDelete={() => setToDelete(user)} />
            ))
          )}
        </Stack>
      )}
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete user?"
        confirmLabel="Delete User"
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        <Typography>
          Delete {toDelete?.username}? This cannot be undone. All of the user&apos;s data (tasks, clients, notes and settings) will be removed.
        </Typography>
      </ConfirmDialog>
    </ScreenShell>
  );
}

/** User Management (spec §2, §6): admins only; anyone else sees the not-found page, never the list. */
export function AdminUsersPage() {
  const me = useSignedInUser();
  if (!me) return null;
  if (me.role !== 'admin') return <NotFoundPage />;
  return <UserManagement me={me} />;
}

export default AdminUsersPage;
