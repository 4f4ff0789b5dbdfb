export const genders = { male: 'Masculino', female: 'Feminino' } as const;
