import {
  type FullProfile,
  type HiddenProfile,
  type IncomingRequest,
  type MatchCard,
  type MyProfile,
  type ProfileCard,
  STATUS_PALETTE,
} from '@samaj/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type FakeRoute, renderApp, requestsTo, stubServer, testMember } from '../../../test/render';
import { profileFields } from '../lib/testProfile';

const single = {
  ...testMember,
  phone: null,
  prefs: { dp: 'newuser', dob: null, gender: null, marital_status: 'Single', matrimony: null },
};
const notFound = { status: 404, body: { message: 'No profile', code: 404, type: 'document_not_found' } };
const empty = { body: { documents: [], nextCursor: null } };

function myProfile(extra: Partial<MyProfile> = {}): MyProfile {
  return {
    ...profileFields,
    id: testMember.id,
    name: testMember.name,
    description: 'Calm, family minded',
    expectation: 'Kind and educated',
    address: '12 Station Road, Anand',
    status: 'requested',
    gotra: 'Kashyap',
    gotraFilter: true,
    ...extra,
  };
}

function card(id: string, extra: Partial<ProfileCard> = {}): ProfileCard {
  return {
    id,
    firstName: id[0].toUpperCase() + id.slice(1),
    age: 26,
    gender: 'Female',
    education: 'M.Sc',
    career: 'Teacher',
    description: 'Likes music',
    photo: null,
    shortlisted: false,
    ...extra,
  };
}

/** No listing: the API's 200 with JSON null, not an error. */
const noListing: FakeRoute = ({ path, method }) =>
  path === '/api/matrimony/profile' && method === 'GET' ? { body: null } : undefined;

/** A member (Single unless told) whose matrimony API answers through `routes`. */
function member(routes: FakeRoute, account: object = single) {
  return stubServer({
    account,
    routes: (r) =>
      r.path.startsWith('/api/matrimony') ? (routes(r) ?? noListing(r) ?? notFound) : undefined,
  });
}

describe('matrimony: the view depends on who looks', () => {
  it('says it is loading while the account is not known yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderApp('/matrimony');
    expect(await screen.findByText('Please wait while we load your profile')).toBeTruthy();
  });

  it('offers a visitor Login and Create New Account, both coming back here', async () => {
    const fetchMock = stubServer({ account: null });
    renderApp('/matrimony');
    const main = await screen.findByRole('main');
    const login = await within(main).findByRole('link', { name: 'Login' });
    const signup = within(main).getByRole('link', { name: 'Create New Account' });
    expect(login.getAttribute('href')).toBe('/login?forward=%2Fmatrimony');
    expect(signup.getAttribute('href')).toBe('/signup?forward=%2Fmatrimony');
    expect(requestsTo(fetchMock, '/api/matrimony')).toEqual([]);
  });

  it('sends a member without a marital status to Edit Profile', async () => {
    const fetchMock = stubServer({ account: testMember });
    renderApp('/matrimony');
    const edit = await screen.findByRole('link', { name: 'Edit Profile' });
    expect(edit.getAttribute('href')).toBe('/settings/profile');
    expect(requestsTo(fetchMock, '/api/matrimony')).toEqual([]);
  });

  it('explains to a Married member that matrimony is for unmarried members, with a share button', async () => {
    const fetchMock = stubServer({
      account: { ...single, prefs: { ...single.prefs, marital_status: 'Married' } },
    });
    renderApp('/matrimony');
    expect(await screen.findByText(/મેટ્રિમોની ફક્ત અપરિણીત સભ્યો માટે છે/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'શેર કરો' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(requestsTo(fetchMock, '/api/matrimony')).toEqual([]);
  });

  it('shows a Single member without a profile the listing form at its intro', async () => {
    member(() => undefined);
    renderApp('/matrimony');
    const form = await screen.findByRole('form', { name: 'મેટ્રિમોની પ્રોફાઇલ ફોર્મ' });
    expect(within(form).getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(within(form).queryByRole('button', { name: 'Previous' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('reads no listing from a 200 null; a 404 is a failure, never an invitation to apply again', async () => {
    member(({ path }) => (path === '/api/matrimony/profile' ? notFound : undefined));
    renderApp('/matrimony');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'મેટ્રિમોની પ્રોફાઇલ ફોર્મ' })).toBeNull();
  });

  it('shows Profile Under Review with the phone number staff will call', async () => {
    member(({ path }) => (path === '/api/matrimony/profile' ? { body: myProfile() } : undefined));
    renderApp('/matrimony');
    const title = await screen.findByRole('heading', { name: 'Profile Under Review' });
    // Core's palette, whose warning words pass WCAG AA (status.test): Mantine's yellow.8 was 2.2:1 on white.
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(STATUS_PALETTE.warning.text.slice(i, i + 2), 16));
    expect(getComputedStyle(title).color).toBe(`rgb(${r}, ${g}, ${b})`);
    expect(screen.getByTestId('verification-phone').textContent).toBe('98250 12345');
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('shows Profile Banned with the reason, and no edit strip', async () => {
    member(({ path }) =>
      path === '/api/matrimony/profile'
        ? { body: myProfile({ status: 'banned', banReason: 'Fake photos' }) }
        : undefined,
    );
    renderApp('/matrimony');
    expect(await screen.findByRole('heading', { name: 'Profile Banned' })).toBeTruthy();
    expect(screen.getByText(/Fake photos/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'પ્રોફાઇલ સુધારો' })).toBeNull();
  });

  it('Activate makes an inactive profile active again', async () => {
    let status: MyProfile['status'] = 'inactive';
    const fetchMock = member(({ path, method, body }) => {
      if (path === '/api/matrimony/profile/status' && method === 'POST') {
        status = (body as { status: MyProfile['status'] }).status;
        return { body: myProfile({ status }) };
      }
      if (path === '/api/matrimony/profile') return { body: myProfile({ status }) };
      if (path === '/api/matrimony/requests/count') return { body: { pending: 0 } };
      return empty;
    });
    renderApp('/matrimony');
    expect(await screen.findByRole('heading', { name: 'Profile inactive' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('tab', { name: 'Profiles' })).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/matrimony/profile/status')).toEqual([
      'POST /api/matrimony/profile/status',
    ]);
  });

  it('gives an active profile the dashboard: three tabs, the request count, and the empty states', async () => {
    member(({ path }) => {
      if (path === '/api/matrimony/profile') return { body: myProfile({ status: 'active' }) };
      if (path === '/api/matrimony/requests/count') return { body: { pending: 2 } };
      // No partner preferences saved: the spec's own empty state, not the filtered one.
      if (path === '/api/matrimony/preferences') return { body: null };
      return empty;
    });
    renderApp('/matrimony');
    expect(await screen.findByRole('heading', { name: 'No Profiles Found' })).toBeTruthy();
    expect(screen.getByText(/થોડા દિવસ પછી ફરી જુઓ/)).toBeTruthy();
    const requests = await screen.findByRole('tab', { name: /Requests/ });
    await waitFor(() => expect(within(requests).getByTestId('requests-count').textContent).toBe('2'));
    fireEvent.click(screen.getByRole('tab', { name: 'Matches' }));
    expect(await screen.findByRole('heading', { name: 'No Matches Yet' })).toBeTruthy();
    fireEvent.click(requests);
    expect(await screen.findByRole('heading', { name: 'No Requests Yet' })).toBeTruthy();
    // The edit strip: the member's own name, edit, hide and the biodata.
    const strip = screen.getByRole('region', { name: 'તમારી મેટ્રિમોની પ્રોફાઇલ' });
    expect(within(strip).getByText(testMember.name)).toBeTruthy();
    expect(within(strip).getByRole('button', { name: 'પ્રોફાઇલ છુપાવો' })).toBeTruthy();
    expect(within(strip).getByRole('button', { name: 'બાયોડેટા' })).toBeTruthy();
  });

  it('pages suggestions 3 at a time, and the cards carry Shortlist and the safety actions', async () => {
    const fetchMock = member(({ path, query, method }) => {
      if (path === '/api/matrimony/profile') return { body: myProfile({ status: 'active' }) };
      if (path === '/api/matrimony/requests/count') return { body: { pending: 0 } };
      if (path === '/api/matrimony/shortlists' && method === 'POST')
        return { body: { profile: 'asha', shortlisted: true, matched: false } };
      if (path === '/api/matrimony/suggestions') {
        return query.get('cursor') === 'chetna'
          ? { body: { documents: [card('dipti')], nextCursor: null } }
          : { body: { documents: [card('asha'), card('bina'), card('chetna')], nextCursor: 'chetna' } };
      }
      return empty;
    });
    renderApp('/matrimony');
    const asha = await screen.findByRole('article', { name: 'Asha' });
    expect(within(asha).getByText('26 વર્ષ')).toBeTruthy();
    expect(within(asha).getByRole('button', { name: 'Not interested' })).toBeTruthy();
    expect(within(asha).getByRole('button', { name: 'Block' })).toBeTruthy();
    expect(within(asha).getByRole('button', { name: 'Report' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'વધુ જુઓ' }));
    expect(await screen.findByRole('article', { name: 'Dipti' })).toBeTruthy();
    fireEvent.click(within(asha).getByRole('button', { name: 'Shortlist' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/matrimony/shortlists')).toHaveLength(1));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/matrimony/shortlists') ?? [];
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ profile: 'asha' });
  });

  it('Report asks for a reason and sends it with the profile; the card then leaves the list', async () => {
    let reported = false;
    const fetchMock = member(({ path, method }) => {
      if (path === '/api/matrimony/profile') return { body: myProfile({ status: 'active' }) };
      if (path === '/api/matrimony/requests/count') return { body: { pending: 0 } };
      if (path === '/api/matrimony/reports' && method === 'POST') {
        reported = true;
        return { status: 204 };
      }
      if (path === '/api/matrimony/suggestions') {
        return { body: { documents: reported ? [] : [card('asha')], nextCursor: null } };
      }
      return empty;
    });
    renderApp('/matrimony');
    const asha = await screen.findByRole('article', { name: 'Asha' });
    fireEvent.click(within(asha).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog');
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/કારણ/), { target: { value: '  Asked for money  ' } });
    expect(send.hasAttribute('disabled')).toBe(false);
    fireEvent.click(send);
    expect(await screen.findByRole('heading', { name: 'No Profiles Found' })).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/matrimony/reports') ?? [];
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      profile: 'asha',
      reason: 'Asked for money',
    });
  });

  it('from the edit strip: edit opens the form at step 1 with the saved values and PUTs them; hide makes it inactive; settings switch the gotra filter', async () => {
    let profile = myProfile({ status: 'active' });
    const fetchMock = member(({ path, method, body }) => {
      if (path === '/api/matrimony/profile' && method === 'PUT') {
        profile = { ...profile, ...(body as Partial<MyProfile>) };
        return { body: profile };
      }
      if (path === '/api/matrimony/profile') return { body: profile };
      if (path === '/api/matrimony/profile/status') {
        profile = { ...profile, status: (body as { status: MyProfile['status'] }).status };
        return { body: profile };
      }
      if (path === '/api/matrimony/hidden') return { body: [] };
      if (path === '/api/matrimony/settings') {
        profile = { ...profile, ...(body as object) };
        return { body };
      }
      if (path === '/api/matrimony/requests/count') return { body: { pending: 0 } };
      return empty;
    });
    renderApp('/matrimony');
    fireEvent.click(await screen.findByRole('button', { name: 'સેટિંગ્સ' }));
    const filter = await screen.findByRole('switch', { name: /મારા ગોત્રની પ્રોફાઇલ/ });
    expect((filter as HTMLInputElement).checked).toBe(true);
    expect(within(screen.getByRole('dialog')).getByText(/Kashyap/)).toBeTruthy();
    fireEvent.click(filter);
    await waitFor(() => expect((filter as HTMLInputElement).checked).toBe(false));
    const [, sent] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/matrimony/settings') ?? [];
    expect(JSON.parse(String((sent as RequestInit).body))).toEqual({ gotraFilter: false });
    // The dialog's ✕ and its Close button share the name; the latter is last.
    fireEvent.click(screen.getAllByRole('button', { name: 'બંધ કરો' }).at(-1) as HTMLElement);

    fireEvent.click(await screen.findByRole('button', { name: 'પ્રોફાઇલ સુધારો' }));
    await screen.findByRole('heading', { name: 'મૂળભૂત માહિતી' });
    expect((screen.getByLabelText(/મારા વિશે/) as HTMLTextAreaElement).value).toBe('Calm, family minded');
    fireEvent.change(screen.getByLabelText(/મારા વિશે/), { target: { value: 'Calm and kind' } });
    for (const _ of [2, 3]) {
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false),
      );
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    }
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('tab', { name: 'Profiles' })).toBeTruthy();
    const [, put] =
      fetchMock.mock.calls.find(
        ([url, i]) => String(url) === '/api/matrimony/profile' && i?.method === 'PUT',
      ) ?? [];
    expect(JSON.parse(String((put as RequestInit).body))).toMatchObject({
      description: 'Calm and kind',
      number: '98250 12345',
    });

    fireEvent.click(screen.getByRole('button', { name: 'પ્રોફાઇલ છુપાવો' }));
    expect(await screen.findByRole('heading', { name: 'Profile inactive' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Activate' })).toBeTruthy();
  });

  it('shows a match its Request state and, once accepted, the phone number; incoming requests can be accepted', async () => {
    const match: MatchCard = {
      ...card('asha', { shortlisted: true }),
      matchedAt: '2024-01-02T00:00:00.000Z',
      request: 'accepted',
      contact: { number: '94260 55555', address: 'Nadiad' },
    };
    const incoming: IncomingRequest = {
      id: 'bina',
      state: 'pending',
      createdAt: '2024-01-03T00:00:00.000Z',
      profile: card('bina'),
    };
    const fetchMock = member(({ path }) => {
      if (path === '/api/matrimony/profile') return { body: myProfile({ status: 'active' }) };
      if (path === '/api/matrimony/requests/count') return { body: { pending: 1 } };
      if (path === '/api/matrimony/matches') return { body: { documents: [match], nextCursor: null } };
      if (path === '/api/matrimony/profiles/asha') {
        const { matchedAt: _, ...rest } = match;
        const full: FullProfile = {
          ...rest,
          matched: true,
          details: {
            height: 160,
            weight: null,
            eye_color: null,
            hair_color: null,
            complexion: null,
            blood_group: 'O+',
            disability: null,
            expectation: 'Settled in Gujarat',
          },
        };
        return { body: full };
      }
      if (path === '/api/matrimony/requests') return { body: { documents: [incoming], nextCursor: null } };
      if (path === '/api/matrimony/requests/bina/accept') return { body: { ...incoming, state: 'accepted' } };
      return empty;
    });
    renderApp('/matrimony?tab=matches');
    const asha = await screen.findByRole('article', { name: 'Asha' });
    // Accepted: the requester's button says so, and withdraws nothing.
    const acceptedButton = within(asha).getByRole('button', { name: 'વિનંતી સ્વીકારાઈ' });
    expect(acceptedButton.hasAttribute('disabled')).toBe(true);
    expect(within(asha).queryByRole('button', { name: 'Request Sent' })).toBeNull();
    expect(within(asha).getByRole('button', { name: 'Shortlisted' })).toBeTruthy();
    expect(within(asha).getByText('94260 55555')).toBeTruthy();
    // Accepted: the rest of the full profile too.
    expect(await within(asha).findByText('Settled in Gujarat')).toBeTruthy();
    expect(within(asha).getByText('160 cm')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Requests/ }));
    const bina = await screen.findByRole('article', { name: 'Bina' });
    expect(within(bina).getByRole('button', { name: 'અસ્વીકાર કરો' })).toBeTruthy();
    fireEvent.click(within(bina).getByRole('button', { name: 'Accept Request' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, '/api/matrimony/requests/bina')).toEqual([
        'POST /api/matrimony/requests/bina/accept',
      ]),
    );
  });

  it('the owner can decline a waiting request; a declined requester sees it, with nothing to withdraw', async () => {
    const match: MatchCard = {
      ...card('asha', { shortlisted: true }),
      matchedAt: '2024-01-02T00:00:00.000Z',
      request: 'declined',
      contact: null,
    };
    const incoming: IncomingRequest = {
      id: 'bina',
      state: 'pending',
      createdAt: '2024-01-03T00:00:00.000Z',
      profile: card('bina'),
    };
    const fetchMock = member(({ path }) => {
      if (path === '/api/matrimony/profile') return { body: myProfile({ status: 'active' }) };
      if (path === '/api/matrimony/requests/count') return { body: { pending: 1 } };
      if (path === '/api/matrimony/matches/news') return { body: { matches: 0, answers: 0 } };
      if (path === '/api/matrimony/matches') return { body: { documents: [match], nextCursor: null } };
      if (path === '/api/matrimony/requests') return { body: { documents: [incoming], nextCursor: null } };
      if (path === '/api/matrimony/requests/bina/decline')
        return { body: { ...incoming, state: 'declined' } };
      return empty;
    });
    renderApp('/matrimony?tab=matches');
    const asha = await screen.findByRole('article', { name: 'Asha' });
    expect(within(asha).getByRole('button', { name: 'વિનંતી અસ્વીકારાઈ' }).hasAttribute('disabled')).toBe(true);
    expect(within(asha).getByText('તેમણે તમારી વિનંતી અસ્વીકારી છે.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Requests/ }));
    const bina = await screen.findByRole('article', { name: 'Bina' });
    fireEvent.click(within(bina).getByRole('button', { name: 'અસ્વીકાર કરો' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, '/api/matrimony/requests/bina')).toEqual([
        'POST /api/matrimony/requests/bina/decline',
      ]),
    );
  });

  it('settings list my Not interested and Block marks, and undo each', async () => {
    let hidden: HiddenProfile[] = [
      { id: 'bina', firstName: 'Bina', kind: 'blocked', createdAt: '2024-01-03T00:00:00.000Z' },
      { id: 'asha', firstName: 'Asha', kind: 'not_interested', createdAt: '2024-01-02T00:00:00.000Z' },
    ];
    const fetchMock = member(({ path, method }) => {
      if (path === '/api/matrimony/profile') return { body: myProfile({ status: 'active' }) };
      if (path === '/api/matrimony/requests/count') return { body: { pending: 0 } };
      if (path === '/api/matrimony/matches/news') return { body: { matches: 0, answers: 0 } };
      if (path === '/api/matrimony/hidden') return { body: hidden };
      if (method === 'DELETE' && path === '/api/matrimony/blocks/bina') {
        hidden = hidden.filter((h) => h.id !== 'bina');
        return { status: 204 };
      }
      if (method === 'DELETE' && path === '/api/matrimony/not-interested/asha') {
        hidden = hidden.filter((h) => h.id !== 'asha');
        return { status: 204 };
      }
      return empty;
    });
    renderApp('/matrimony');
    fireEvent.click(await screen.findByRole('button', { name: 'સેટિંગ્સ' }));
    const dialog = await screen.findByRole('dialog');
    const list = await within(dialog).findByRole('region', { name: 'Not interested અને બ્લોક કરેલી પ્રોફાઇલ' });
    expect(await within(list).findByText('Bina')).toBeTruthy();
    expect(within(list).getByText('બ્લોક કરેલ')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'અનબ્લોક કરો: Bina' }));
    await waitFor(() => expect(within(list).queryByText('Bina')).toBeNull());
    fireEvent.click(within(list).getByRole('button', { name: 'ફરી બતાવો: Asha' }));
    expect(await within(list).findByText('તમે કોઈને છુપાવ્યા કે બ્લોક કર્યા નથી.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/matrimony/blocks')).toEqual(['DELETE /api/matrimony/blocks/bina']);
    expect(requestsTo(fetchMock, '/api/matrimony/not-interested')).toEqual([
      'DELETE /api/matrimony/not-interested/asha',
    ]);
  });

  it('a new match is news: a notice and a count on Matches until the member opens it', async () => {
    let news = { matches: 1, answers: 1 };
    const fetchMock = member(({ path, method }) => {
      if (path === '/api/matrimony/profile') return { body: myProfile({ status: 'active' }) };
      if (path === '/api/matrimony/requests/count') return { body: { pending: 0 } };
      if (path === '/api/matrimony/matches/news') return { body: news };
      if (path === '/api/matrimony/matches/seen' && method === 'POST') {
        news = { matches: 0, answers: 0 };
        return { status: 204 };
      }
      if (path === '/api/matrimony/matches') {
        return {
          body: {
            documents: [
              { ...card('asha'), matchedAt: '2024-01-02T00:00:00.000Z', request: 'none', contact: null },
            ],
            nextCursor: null,
          },
        };
      }
      return empty;
    });
    renderApp('/matrimony');
    const matches = await screen.findByRole('tab', { name: /Matches/ });
    await waitFor(() => expect(within(matches).getByTestId('matches-count').textContent).toBe('2'));
    const notice = screen.getByTestId('match-news');
    expect(within(notice).getByText('તમારું એક નવું મેચ થયું છે.')).toBeTruthy();
    expect(within(notice).getByText('એક સભ્યે પૂરી પ્રોફાઇલની તમારી વિનંતીનો જવાબ આપ્યો છે.')).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'મેચ જુઓ' }));
    expect(await screen.findByRole('article', { name: 'Asha' })).toBeTruthy();
    await waitFor(() =>
      expect(requestsTo(fetchMock, '/api/matrimony/matches/seen')).toEqual([
        'POST /api/matrimony/matches/seen',
      ]),
    );
    await waitFor(() => expect(within(matches).queryByTestId('matches-count')).toBeNull());
    expect(screen.queryByTestId('match-news')).toBeNull();
  });
});

// The form's rules (docs/product/matrimony.md, "Listing form"): which buttons show at which step, when they
// are enabled, and what happens to the values when the application fails.
describe('matrimony: the listing form', () => {
  const type = (label: string | RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  async function openForm(routes: FakeRoute = () => undefined) {
    const fetchMock = member(routes);
    renderApp('/matrimony');
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'મૂળભૂત માહિતી' });
    return fetchMock;
  }

  async function fillStep1(dob = '1996-04-12') {
    type(/જન્મ તારીખ/, dob);
    fireEvent.click(screen.getByRole('radio', { name: 'પુરુષ' }));
    type(/મારા વિશે/, 'Calm, family minded');
  }

  async function fillToStep3() {
    await fillStep1();
    fireEvent.click(await screen.findByRole('button', { name: 'Next', hidden: false }));
    await screen.findByRole('heading', { name: 'સંપર્ક, શિક્ષણ અને વ્યવસાય' });
    type(/ફોન નંબર/, '98250 12345');
    type(/સરનામું/, '12 Station Road, Anand');
    type(/શિક્ષણ/, 'B.Com');
    type(/^વ્યવસાય/, 'Accountant');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'શારીરિક માહિતી' });
  }

  it('starts touched: step 1 shows what is missing at once, and Next waits until it is valid', async () => {
    await openForm();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect((await screen.findAllByText('આ માહિતી જરૂરી છે')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('0 / 150')).toBeTruthy();
    await fillStep1();
    expect(await screen.findByText('19 / 150')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false),
    );
  });

  it('refuses a man under 21 with core’s Gujarati message; the same birthday passes for a woman', async () => {
    await openForm();
    const year = new Date().getFullYear();
    await fillStep1(`${year - 19}-01-01`);
    expect(await screen.findByText(/લગ્ન માટેની કાયદેસર લઘુત્તમ ઉંમર પૂરી થતી નથી/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    // The same age is enough for a woman.
    fireEvent.click(screen.getByRole('radio', { name: 'સ્ત્રી' }));
    await waitFor(() => expect(screen.queryByText(/લઘુત્તમ ઉંમર પૂરી થતી નથી/)).toBeNull());
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows Submit only at step 3, with the 500 counter; Previous keeps the values', async () => {
    await openForm();
    await fillToStep3();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('0 / 500')).toBeTruthy();
    type(/તમે કેવા જીવનસાથી શોધો છો/, 'Kind and educated');
    expect(await screen.findByText('17 / 500')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(((await screen.findByLabelText(/ફોન નંબર/)) as HTMLInputElement).value).toBe('98250 12345');
  });

  it('names gender લિંગ, as Manage Profile does, never જાતિ (which also means caste)', async () => {
    await openForm();
    expect(screen.getByRole('radiogroup', { name: /^લિંગ/ })).toBeTruthy();
    expect(screen.queryByText(/જાતિ/)).toBeNull();
    for (const file of Object.values(import.meta.glob('../../../locales/gu/*.json', { eager: true }))) {
      expect(JSON.stringify(file)).not.toContain('જાતિ');
    }
  });

  it('says Please wait.. while sending; a failure re-enables the form and keeps every value', async () => {
    let release: (value: { status: number; body: unknown }) => void = () => {};
    const answer = new Promise<{ status: number; body: unknown }>((resolve) => {
      release = resolve;
    });
    const routes: FakeRoute = ({ path, method }) =>
      path === '/api/matrimony/profile' && method === 'POST' ? { status: 999 } : undefined;
    const fetchMock = await openForm(routes);
    // The POST waits for `release`, so the waiting state can be seen.
    const stubbed = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/matrimony/profile' && init?.method === 'POST') {
        const { status, body } = await answer;
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      }
      return stubbed ? stubbed(input, init) : new Response(null, { status: 404 });
    });
    await fillToStep3();
    type(/તમે કેવા જીવનસાથી શોધો છો/, 'Kind and educated');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const waiting = await screen.findByRole('button', { name: 'Please wait..' });
    expect(waiting.hasAttribute('disabled')).toBe(true);
    release({ status: 500, body: { message: 'boom', code: 500, type: 'general_unknown' } });
    expect(await screen.findByRole('alert')).toBeTruthy();
    const again = await screen.findByRole('button', { name: 'Submit' });
    expect(again.hasAttribute('disabled')).toBe(false);
    expect((screen.getByLabelText(/તમે કેવા જીવનસાથી શોધો છો/) as HTMLTextAreaElement).value).toBe(
      'Kind and educated',
    );
    const [, init] =
      fetchMock.mock.calls.find(
        ([url, i]) => String(url) === '/api/matrimony/profile' && i?.method === 'POST',
      ) ?? [];
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({
      dob: '1996-04-12',
      gender: 'Male',
      number: '98250 12345',
      expectation: 'Kind and educated',
    });
  });
});
