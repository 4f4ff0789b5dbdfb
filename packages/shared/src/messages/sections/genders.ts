export const genders = { male: 'Masculino', female: 'Feminino', other: 'Outro', undisclosed: 'Prefiro não informar' } as const;
