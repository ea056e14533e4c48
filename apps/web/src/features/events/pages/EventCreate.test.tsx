import type { EventView } from '@samaj/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubServer, testMember } from '../../../test/render';

const publisher = { ...testMember, labels: ['Publisher'] };

const saved: EventView = {
  id: 'ev9',
  name: 'Navratri Garba',
  description: '',
  thumbnail: 'newuser',
  file: null,
  time: '2026-10-03T14:30:00.000Z',
  location: 'Wadi',
  host: publisher.id,
  liveStream: true,
  live: false,
  liveEndedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  canManage: true,
  requestedStreaming: false,
  streamRequests: 0,
  recordReplay: false,
  replay: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('/events/create', () => {
  it('is the placeholder for a member without the Admin or Publisher label', async () => {
    stubServer({ account: testMember });
    renderApp('/events/create');
    expect(await screen.findByText('events-create works!')).toBeTruthy();
    expect(screen.queryByLabelText(/કાર્યક્રમનું નામ/)).toBeNull();
  });

  it('is the placeholder for a visitor too', async () => {
    stubServer();
    renderApp('/events/create');
    expect(await screen.findByText('events-create works!')).toBeTruthy();
  });

  it('lets a Publisher create an event: the time goes as an ISO moment, then the event opens', async () => {
    const posted: unknown[] = [];
    stubServer({
      account: publisher,
      routes: ({ path, method, body }) => {
        if (path === '/api/events' && method === 'POST') {
          posted.push(body);
          return { status: 201, body: saved };
        }
        if (path === '/api/events/ev9') return { body: saved };
        return undefined;
      },
    });
    const { router } = renderApp('/events/create');
    fireEvent.click(await screen.findByRole('button', { name: 'કાર્યક્રમ બનાવો' }));
    // Name and time are required: nothing is sent.
    expect(await screen.findAllByText('આ માહિતી જરૂરી છે')).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(screen.getByLabelText(/કાર્યક્રમનું નામ/), { target: { value: 'Navratri Garba' } });
    fireEvent.change(screen.getByLabelText(/તારીખ અને સમય/), { target: { value: '2026-10-03T20:00' } });
    fireEvent.change(screen.getByLabelText('સ્થળ'), { target: { value: 'Wadi' } });
    fireEvent.click(screen.getByLabelText('આ કાર્યક્રમ લાઇવ પ્રસારિત થશે'));
    // One coordinate alone is not a place: the other is asked for, nothing is sent.
    fireEvent.change(screen.getByLabelText('અક્ષાંશ'), { target: { value: '23.2419' } });
    fireEvent.click(screen.getByRole('button', { name: 'કાર્યક્રમ બનાવો' }));
    expect(await screen.findByText('આ માહિતી જરૂરી છે')).toBeTruthy();
    expect(posted).toEqual([]);
    // A place copied from a map app ('lat, lng') fills both fields.
    fireEvent.change(screen.getByLabelText('અક્ષાંશ'), { target: { value: '23.2419, 69.6669' } });
    expect((screen.getByLabelText('રેખાંશ') as HTMLInputElement).value).toBe('69.6669');
    expect(screen.getByRole('link', { name: 'આ સ્થળ સમાજના નકશા પર જુઓ' }).getAttribute('href')).toBe(
      '/community-map?lat=23.2419&lng=69.6669&place=Wadi',
    );
    fireEvent.click(screen.getByRole('button', { name: 'કાર્યક્રમ બનાવો' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      name: 'Navratri Garba',
      location: 'Wadi',
      liveStream: true,
      // The time is the community's (Asia/Kolkata by default), whatever zone this machine is in.
      time: '2026-10-03T14:30:00.000Z',
      coordinates: { latitude: 23.2419, longitude: 69.6669 },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/event/ev9'));
  });

  it("shows the API's unknown-host answer at the host field, and a Publisher hosting someone else lands on the list", async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        message: 'No member with this username.',
        code: 400,
        type: 'general_argument_invalid',
        field: 'host',
      },
    };
    stubServer({
      account: publisher,
      routes: ({ path, method }) => {
        if (path === '/api/events' && method === 'POST') return answer;
        if (path === '/api/members/lookup') return { body: { members: [] } };
        return undefined;
      },
    });
    const { router } = renderApp('/events/create');
    fireEvent.change(await screen.findByLabelText(/કાર્યક્રમનું નામ/), { target: { value: 'Navratri Garba' } });
    fireEvent.change(screen.getByLabelText(/તારીખ અને સમય/), { target: { value: '2026-10-03T20:00' } });
    const host = screen.getByLabelText('યજમાન', { selector: 'input' });
    fireEvent.change(host, { target: { value: 'nobody_here' } });
    fireEvent.click(screen.getByRole('button', { name: 'કાર્યક્રમ બનાવો' }));
    expect(await screen.findByText('આ username વાળા કોઈ સભ્ય નથી.')).toBeTruthy();
    expect(host.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();

    answer = { status: 201, body: { ...saved, host: 'someone_else' } };
    fireEvent.change(host, { target: { value: 'someone_else' } });
    fireEvent.click(screen.getByRole('button', { name: 'કાર્યક્રમ બનાવો' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
  });
});
