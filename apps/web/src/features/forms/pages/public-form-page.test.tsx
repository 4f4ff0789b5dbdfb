import { messages, type PublicForm } from '@consultorio/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { everyTypeTemplate } from '../testing/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { PublicFormPage } from './public-form-page';

// The patient's link never carries internal ids: the template comes without its own.
const { id: _templateId, ...publicTemplate } = everyTypeTemplate;

const publicForm: PublicForm = {
  form: {
    name: 'Primeira consulta',
    content: { '1': 'Professora' },
    isLocked: false,
    lastUpdateDate: '2025-03-05T17:30:00.000Z',
    submittedAt: null,
    expiresAt: null,
    crisisSupport: false,
  },
  patient: { firstName: 'Maria', lastName: 'Souza', fullName: 'Maria Souza', gender: 'female' },
  user: { title: 'Dra.', firstName: 'Ana', lastName: 'Lima', profession: 'Psicóloga', gender: 'female' },
  qaTemplate: publicTemplate,
};

function renderPage(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/form-public-view" element={<PublicFormPage />} />
    </Routes>,
    path,
  );
}

describe('PublicFormPage', () => {
  it('reports a link without a token without calling the API', () => {
    const calls = mockApi(() => ({ status: 500 }));
    renderPage('/form-public-view');
    expect(screen.getByText(messages.publicForm.notFound)).toBeDefined();
    expect(calls).toEqual([]);
  });

  it('reports an unknown token', async () => {
    const calls = mockApi(() => ({ status: 404, code: 'FORM_NOT_FOUND', message: messages.errors.formNotFound }));
    renderPage('/form-public-view?token=desconhecido');
    expect(await screen.findByText(messages.publicForm.notFound)).toBeDefined();
    expect(calls[0]).toEqual({ method: 'POST', url: '/v1/forms/public', body: { publicToken: 'desconhecido' } });
  });

  it('shows who asks and for whom, and sends the answers with “Enviar respostas”', async () => {
    const calls = mockApi((call) =>
      call.url === '/v1/forms/public'
        ? { status: 200, data: publicForm }
        : {
            status: 200,
            message: messages.measurement.submitted('female'),
            data: {
              form: {
                ...publicForm.form,
                content: { '1': 'Engenheira', '7': '22:30' },
                isLocked: true,
                submittedAt: '2025-03-06T10:00:00.000Z',
              },
            },
          },
    );
    renderPage('/form-public-view?token=abc');

    expect(await screen.findByRole('heading', { name: 'Anamnese geral' })).toBeDefined();
    expect(screen.getByText('anamnese').tagName).toBe('STRONG');
    expect(screen.getByText(messages.publicForm.patient)).toBeDefined();
    expect(screen.getByText('Maria Souza')).toBeDefined();
    expect(screen.getByText('Dra. Ana Lima')).toBeDefined();
    expect(screen.getByText('Psicóloga')).toBeDefined();
    expect(messages.publicForm.submit).toBe('Enviar respostas');

    const profession = screen.getByRole<HTMLInputElement>('textbox', { name: 'Profissão' });
    expect(profession.value).toBe('Professora');
    fireEvent.change(profession, { target: { value: 'Engenheira' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Dorme às' }), { target: { value: '2230' } });
    fireEvent.click(screen.getByRole('button', { name: messages.publicForm.submit }));

    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual({
      method: 'POST',
      url: '/v1/forms/public/submit',
      body: { publicToken: 'abc', content: { '1': 'Engenheira', '7': '22:30' } },
    });
    // The professional thanks in her own gender.
    expect(await screen.findByText('Respostas enviadas. Obrigada!')).toBeDefined();
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryByText(messages.measurement.crisisCvv)).toBeNull();
  });

  it('shows the crisis lines after answers that raised a safety alert, in words that agree with each gender', async () => {
    const form = { ...publicForm.form, isLocked: true, submittedAt: '2025-03-06T10:00:00.000Z', crisisSupport: true };
    const user = { ...publicForm.user, title: 'Dr.', gender: 'male' as const };
    mockApi(() => ({ status: 200, data: { ...publicForm, user, form } }));
    renderPage('/form-public-view?token=abc');

    expect(await screen.findByText('Respostas enviadas. Obrigado!')).toBeDefined();
    expect(screen.getByText('Você não está sozinha. Converse com alguém agora mesmo:')).toBeDefined();
    expect(messages.measurement.crisisCvv).toBe('CVV: ligue 188, 24 horas, gratuito');
    expect(screen.getByRole('link', { name: messages.measurement.crisisCvv }).getAttribute('href')).toBe('tel:188');
    expect(screen.getByRole('link', { name: messages.measurement.crisisSamu }).getAttribute('href')).toBe('tel:192');
  });

  it('says an expired link expired', async () => {
    mockApi(() => ({ status: 410, message: messages.measurement.errors.linkExpired }));
    renderPage('/form-public-view?token=velho');
    expect(await screen.findAllByText('Este link expirou. Peça um novo ao seu profissional.')).not.toHaveLength(0);
    expect(screen.queryAllByRole('textbox')).toEqual([]);
  });

  it('shows a locked form with no field to edit', async () => {
    mockApi(() => ({ status: 200, data: { ...publicForm, form: { ...publicForm.form, isLocked: true } } }));
    renderPage('/form-public-view?token=abc');

    expect(await screen.findByText(messages.publicForm.locked)).toBeDefined();
    expect(screen.getByText('Maria Souza')).toBeDefined();
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryByRole('button', { name: messages.publicForm.submit })).toBeNull();
  });

  it('turns locked when the professional locks it while the patient answers', async () => {
    let locked = false;
    mockApi((call) => {
      if (call.url === '/v1/forms/public/submit') {
        locked = true;
        return { status: 423, code: 'FORM_LOCKED', message: messages.errors.formLocked };
      }
      return { status: 200, data: { ...publicForm, form: { ...publicForm.form, isLocked: locked } } };
    });
    renderPage('/form-public-view?token=abc');

    fireEvent.click(await screen.findByRole('button', { name: messages.publicForm.submit }));
    expect(await screen.findByText(messages.publicForm.locked)).toBeDefined();
    expect(screen.queryAllByRole('textbox')).toEqual([]);
  });
});
