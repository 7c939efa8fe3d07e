// First and last names by naming tradition, for demo customers from different countries.
// Romanised where the script is not Latin, so emails can be built from them.

export interface NamePool {
  first: readonly string[]
  last: readonly string[]
}

// Names are separated by white space; '_' stands for a space inside a name ("van_Dijk").
const split = (s: string) =>
  s
    .trim()
    .split(/\s+/)
    .map((n) => n.replace(/_/g, ' '))

export const NAME_POOLS: Record<string, NamePool> = {
  en: {
    first:
      split(`Olivia Emma Ava Sophia Isabella Mia Charlotte Amelia Harper Evelyn Abigail Emily Ella Madison Chloe Grace
      Liam Noah Oliver Elijah James William Benjamin Lucas Henry Alexander Mason Michael Ethan Daniel Jacob Logan Jackson
      Sarah Jessica Ashley Lauren Megan Rachel Hannah Nicole Brittany Kayla Tyler Ryan Brandon Justin Kevin Jason Matthew
      Andrew Joshua David Chris Zoe Lily Nora Riley Aubrey Savannah Brooklyn Jayden Caleb Dylan Nathan Aaron Austin`),
    last: split(`Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore Martin Jackson Thompson
      White Harris Clark Lewis Robinson Walker Young Allen King Wright Scott Hill Green Adams Baker Nelson Carter Mitchell
      Roberts Turner Phillips Campbell Parker Evans Edwards Collins Stewart Morris Murphy Cook Rogers Morgan Cooper Peterson
      Reed Bailey Bell Kelly Howard Ward Cox Richardson Wood Watson Brooks Bennett Gray James Hughes Price Myers Long Foster`),
  },
  hispanic: {
    first:
      split(`Sofia Valentina Camila Lucia Mariana Daniela Gabriela Isabel Ximena Paula Alejandra Natalia Andrea Carmen
      Mateo Santiago Diego Sebastian Alejandro Javier Carlos Miguel Luis Jorge Andres Pablo Emilio Rafael Adrian Marco`),
    last: split(`Garcia Rodriguez Martinez Hernandez Lopez Gonzalez Perez Sanchez Ramirez Torres Flores Rivera Gomez Diaz
      Reyes Morales Cruz Ortiz Gutierrez Chavez Ramos Ruiz Mendoza Vargas Castillo Jimenez Moreno Romero Alvarez Navarro`),
  },
  asian_american: {
    first:
      split(`Grace Emily Kevin Jason Michelle Jenny Eric Brian Amy Vivian Andrew Daniel Kenji Min Hana Jin Priya Arjun
      Vikram Anika Ravi Neha Wei Mei Lin Hiro Yuki Sung Ji-woo Tran`),
    last: split(`Chen Wang Li Zhang Liu Nguyen Tran Pham Kim Lee Park Choi Patel Shah Singh Kumar Gupta Tanaka Sato Suzuki
      Yamamoto Wong Huang Lin Cho Jung Yoon Le Vo Chang`),
  },
  gb: {
    first:
      split(`Oliver George Harry Jack Charlie Thomas Oscar William James Alfie Amelia Isla Ava Mia Ivy Lily Florence
      Freya Poppy Evie Rosie Sophie Jessica Lucy Harriet Imogen Eleanor Archie Theo Finley Callum Rhys Ewan Niamh Siobhan`),
    last: split(`Smith Jones Taylor Brown Williams Wilson Johnson Davies Robinson Wright Thompson Evans Walker White Roberts
      Green Hall Wood Jackson Clarke Patel Khan Lewis James Phillips Mason Mitchell Rose Davis Rodgers Hughes Morgan
      Campbell Stewart MacDonald Murray Fraser Reid Kennedy Byrne`),
  },
  de: {
    first: split(`Lukas Leon Finn Jonas Paul Felix Maximilian Elias Ben Noah Emma Mia Hannah Sophia Lena Lea Marie Anna
      Laura Johanna Katharina Julia Sebastian Tobias Florian Stefan Jürgen Sabine Ursula Wolfgang Annika Jannik`),
    last: split(`Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer Richter
      Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange Schmitt Werner Krause Meier Lehmann`),
  },
  fr: {
    first: split(`Gabriel Raphaël Léo Louis Lucas Adam Hugo Arthur Jules Nathan Jade Louise Emma Alice Chloé Léa Manon
      Camille Inès Juliette Clément Théo Mathis Antoine Margaux Élodie Céline Amélie Baptiste Noémie`),
    last: split(`Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent Lefebvre Michel Garcia
      David Bertrand Roux Vincent Fournier Morel Girard André Lefèvre Mercier Dupont Lambert Bonnet François Martinez`),
  },
  es: {
    first: split(`Hugo Martín Lucas Mateo Leo Daniel Alejandro Pablo Manuel Álvaro Lucía Sofía Martina María Julia Paula
      Valeria Emma Daniela Carla Nerea Irene Iker Sergio Raúl Marta Elena Ainhoa Jordi Montserrat`),
    last: split(`García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Martín Jiménez Ruiz Hernández Díaz
      Moreno Muñoz Álvarez Romero Alonso Gutiérrez Navarro Torres Domínguez Vázquez Ramos Gil Serrano Blanco Molina Castro`),
  },
  it: {
    first:
      split(`Leonardo Francesco Alessandro Lorenzo Mattia Andrea Gabriele Riccardo Tommaso Edoardo Sofia Giulia Aurora
      Alice Ginevra Emma Giorgia Greta Beatrice Anna Chiara Francesca Martina Federica Matteo Davide Luca Simone Elisa Sara`),
    last: split(`Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti De_Luca Mancini
      Costa Giordano Rizzo Lombardi Moretti Barbieri Fontana Santoro Mariani Rinaldi Caruso Ferrara Galli Martini Leone`),
  },
  nl: {
    first:
      split(`Daan Sem Lucas Levi Finn Milan Jesse Bram Lars Thijs Emma Julia Mila Tess Sophie Zoë Sara Nora Fenna Eva
      Anouk Lotte Sanne Femke Joris Ruben Stijn Maarten Wouter Floor`),
    last: split(`de_Jong Jansen de_Vries van_den_Berg van_Dijk Bakker Janssen Visser Smit Meijer de_Boer Mulder de_Groot
      Bos Vos Peters Hendriks van_Leeuwen Dekker Brouwer de_Wit Dijkstra Smits de_Graaf van_der_Meer Kok Jacobs`),
  },
  pt: {
    first: split(`Miguel Arthur Gael Heitor Théo Davi Gabriel Bernardo Samuel João Helena Alice Laura Maria Valentina
      Heloísa Manuela Júlia Sophia Lorena Beatriz Larissa Camila Rafael Thiago Felipe Bruno Gustavo Letícia Fernanda`),
    last: split(`Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho
      Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado Mendes Freitas`),
  },
  ja: {
    first: split(`Haruto Yuto Sota Yuki Hayato Haruki Ren Kaito Takumi Riku Yui Hina Aoi Sakura Yuna Mei Rin Koharu Mio
      Akari Daiki Kenta Shota Naoki Ayaka Misaki Nanami Kaori Takeshi Emi`),
    last: split(`Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto Nakamura Kobayashi Kato Yoshida Yamada Sasaki Yamaguchi
      Matsumoto Inoue Kimura Hayashi Shimizu Yamazaki Mori Abe Ikeda Hashimoto Yamashita Ishikawa Nakajima Maeda Fujita Ogawa`),
  },
  in: {
    first: split(`Aarav Vivaan Aditya Vihaan Arjun Sai Reyansh Krishna Ishaan Rohan Aadhya Ananya Diya Saanvi Pari Anika
      Navya Myra Kavya Priya Neha Pooja Rahul Amit Vikram Sunita Deepak Meera Kiran Sanjay`),
    last: split(`Sharma Verma Patel Gupta Singh Kumar Reddy Iyer Nair Rao Mehta Shah Joshi Desai Kapoor Malhotra Chopra
      Banerjee Chatterjee Mukherjee Das Bose Pillai Menon Agarwal Bhat Kulkarni Jain Saxena Mishra`),
  },
  sv: {
    first:
      split(`William Liam Noah Hugo Lucas Oliver Elias Alexander Adam Axel Alice Maja Elsa Astrid Wilma Freja Olivia
      Selma Ebba Saga Linnea Ingrid Karin Erik Lars Anders Johan Nils Sven Annika`),
    last: split(`Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson Pettersson
      Jonsson Jansson Hansson Bengtsson Jönsson Lindberg Jakobsson Magnusson Olofsson Lindström Lindqvist Lindgren
      Berg Axelsson Bergström Lundberg Lind Lundgren Mattsson`),
  },
}

/** ASCII for email local parts: "Zoë Müller" → "zoe", "muller"; spaces and dashes removed. */
export function asciiSlug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}
