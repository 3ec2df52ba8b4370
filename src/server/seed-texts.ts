import { TRANSLATED_LOCALES, type Translations } from '../domain/localize.ts';

/** One text in the seven languages, in this order: en, es, fr, ar, pt, zh-CN, ru. */
export type Seven = readonly [string, string, string, string, string, string, string];

/** The English text and its six translations keyed by locale, built by `field` for each language. */
export function translated<T>(texts: Seven, field: (text: string) => T): { en: string; translations: Translations<T> } {
  const [en, ...others] = texts;
  return { en, translations: Object.fromEntries(TRANSLATED_LOCALES.map((l, i) => [l, field(others[i]!)])) };
}

export interface SeedCourseText {
  title: Seven;
  subtitle: Seven;
  outcomes: Seven[];
  durationMinutes: number;
  modules: Array<[Seven, Seven[]]>;
}

/** The demo catalogue's texts: the home page's five courses, with their modules and named cases. */
export const COURSE_TEXTS: Record<string, SeedCourseText> = {
  'fetoscopy-simulator': {
    title: ['Fetoscopy simulator', 'Simulador de fetoscopia', 'Simulateur de fœtoscopie', 'محاكي تنظير الجنين', 'Simulador de fetoscopia', '胎儿镜模拟器', 'Симулятор фетоскопии'],
    subtitle: [
      'Laser coagulation of placental anastomoses with the Solomon technique.',
      'Coagulación láser de anastomosis placentarias con la técnica de Solomon.',
      'Coagulation laser des anastomoses placentaires selon la technique de Solomon.',
      'تخثير مفاغرات المشيمة بالليزر بتقنية سولومون.',
      'Coagulação a laser de anastomoses placentárias com a técnica de Solomon.',
      '采用 Solomon 技术激光凝固胎盘血管吻合。',
      'Лазерная коагуляция плацентарных анастомозов по методике Solomon.',
    ],
    outcomes: [
      [
        'Steer a straight or angled fetoscope to any point of an anterior or posterior placenta',
        'Dirigir un fetoscopio recto o angulado a cualquier punto de una placenta anterior o posterior',
        'Diriger un fœtoscope droit ou coudé vers tout point d’un placenta antérieur ou postérieur',
        'توجيه منظار جنيني مستقيم أو مائل إلى أي نقطة في مشيمة أمامية أو خلفية',
        'Conduzir um fetoscópio reto ou angulado a qualquer ponto de uma placenta anterior ou posterior',
        '将直型或斜视胎儿镜引导至前壁或后壁胎盘的任意位置',
        'Направлять прямой или угловой фетоскоп к любой точке передней или задней плаценты',
      ],
      [
        'Identify and classify arterio-venous, veno-arterial and direct anastomoses',
        'Identificar y clasificar anastomosis arteriovenosas, venoarteriales y directas',
        'Identifier et classer les anastomoses artério-veineuses, veino-artérielles et directes',
        'تحديد المفاغرات الشريانية الوريدية والوريدية الشريانية والمباشرة وتصنيفها',
        'Identificar e classificar anastomoses arteriovenosas, venoarteriais e diretas',
        '识别并分类动静脉、静动脉及直接吻合',
        'Находить и классифицировать артериовенозные, веноартериальные и прямые анастомозы',
      ],
      [
        'Seal every anastomosis in sequence and draw a complete Solomon line',
        'Sellar cada anastomosis en orden y trazar una línea de Solomon completa',
        'Coaguler chaque anastomose dans l’ordre et tracer une ligne de Solomon complète',
        'إغلاق كل مفاغرة بالتسلسل ورسم خط سولومون كامل',
        'Selar cada anastomose em sequência e traçar uma linha de Solomon completa',
        '按顺序凝固每一处吻合并完成完整的 Solomon 连线',
        'Последовательно коагулировать каждый анастомоз и провести полную линию Solomon',
      ],
    ],
    durationMinutes: 240,
    modules: [
      [
        ['Basic navigation', 'Navegación básica', 'Navigation de base', 'التنقل الأساسي', 'Navegação básica', '基础导航', 'Базовая навигация'],
        [
          ['Posterior placenta, straight scope', 'Placenta posterior, óptica recta', 'Placenta postérieur, optique droite', 'مشيمة خلفية، منظار مستقيم', 'Placenta posterior, ótica reta', '后壁胎盘，直型镜', 'Задняя плацента, прямой эндоскоп'],
          ['Posterior or anterior placenta, choice of scope', 'Placenta posterior o anterior, óptica a elegir', 'Placenta postérieur ou antérieur, optique au choix', 'مشيمة خلفية أو أمامية، مع اختيار المنظار', 'Placenta posterior ou anterior, ótica à escolha', '后壁或前壁胎盘，可选镜型', 'Задняя или передняя плацента, эндоскоп на выбор'],
          ['Anterior placenta, choice of scope', 'Placenta anterior, óptica a elegir', 'Placenta antérieur, optique au choix', 'مشيمة أمامية، مع اختيار المنظار', 'Placenta anterior, ótica à escolha', '前壁胎盘，可选镜型', 'Передняя плацента, эндоскоп на выбор'],
        ],
      ],
      [
        ['Selective coagulation', 'Coagulación selectiva', 'Coagulation sélective', 'التخثير الانتقائي', 'Coagulação seletiva', '选择性凝固', 'Селективная коагуляция'],
        [
          ['Three large anastomoses, posterior placenta', 'Tres anastomosis grandes, placenta posterior', 'Trois grosses anastomoses, placenta postérieur', 'ثلاث مفاغرات كبيرة، مشيمة خلفية', 'Três anastomoses grandes, placenta posterior', '三处大吻合，后壁胎盘', 'Три крупных анастомоза, задняя плацента'],
          ['Four anastomoses, placenta anterior or posterior', 'Cuatro anastomosis, placenta anterior o posterior', 'Quatre anastomoses, placenta antérieur ou postérieur', 'أربع مفاغرات، مشيمة أمامية أو خلفية', 'Quatro anastomoses, placenta anterior ou posterior', '四处吻合，前壁或后壁胎盘', 'Четыре анастомоза, передняя или задняя плацента'],
          ['Six anastomoses, anterior placenta', 'Seis anastomosis, placenta anterior', 'Six anastomoses, placenta antérieur', 'ست مفاغرات، مشيمة أمامية', 'Seis anastomoses, placenta anterior', '六处吻合，前壁胎盘', 'Шесть анастомозов, передняя плацента'],
          ['Eight anastomoses, sub-millimetre ones, anterior placenta', 'Ocho anastomosis, algunas submilimétricas, placenta anterior', 'Huit anastomoses, dont submillimétriques, placenta antérieur', 'ثماني مفاغرات، بعضها دون المليمتر، مشيمة أمامية', 'Oito anastomoses, algumas submilimétricas, placenta anterior', '八处吻合（含亚毫米级），前壁胎盘', 'Восемь анастомозов, включая субмиллиметровые, передняя плацента'],
        ],
      ],
      [
        ['Solomon technique', 'Técnica de Solomon', 'Technique de Solomon', 'تقنية سولومون', 'Técnica de Solomon', 'Solomon 技术', 'Методика Solomon'],
        [
          ['Solomon line, posterior placenta', 'Línea de Solomon, placenta posterior', 'Ligne de Solomon, placenta postérieur', 'خط سولومون، مشيمة خلفية', 'Linha de Solomon, placenta posterior', 'Solomon 连线，后壁胎盘', 'Линия Solomon, задняя плацента'],
          ['Solomon line, placenta anterior or posterior', 'Línea de Solomon, placenta anterior o posterior', 'Ligne de Solomon, placenta antérieur ou postérieur', 'خط سولومون، مشيمة أمامية أو خلفية', 'Linha de Solomon, placenta anterior ou posterior', 'Solomon 连线，前壁或后壁胎盘', 'Линия Solomon, передняя или задняя плацента'],
          ['Solomon line, anterior placenta, sub-millimetre anastomoses', 'Línea de Solomon, placenta anterior, anastomosis submilimétricas', 'Ligne de Solomon, placenta antérieur, anastomoses submillimétriques', 'خط سولومون، مشيمة أمامية، مفاغرات دون المليمتر', 'Linha de Solomon, placenta anterior, anastomoses submilimétricas', 'Solomon 连线，前壁胎盘，亚毫米级吻合', 'Линия Solomon, передняя плацента, субмиллиметровые анастомозы'],
        ],
      ],
    ],
  },
  bronchoscopy: {
    title: ['Bronchoscopy', 'Broncoscopia', 'Bronchoscopie', 'تنظير القصبات', 'Broncoscopia', '支气管镜', 'Бронхоскопия'],
    subtitle: [
      'Airway inspection and navigation, step by step.',
      'Inspección y navegación de la vía aérea, paso a paso.',
      'Inspection et navigation des voies aériennes, pas à pas.',
      'فحص المجاري التنفسية والتنقل فيها خطوة بخطوة.',
      'Inspeção e navegação das vias aéreas, passo a passo.',
      '逐步学习气道检查与导航。',
      'Осмотр дыхательных путей и навигация в них, шаг за шагом.',
    ],
    outcomes: [
      [
        'Name the landmarks of the neonatal larynx, trachea and main bronchi',
        'Reconocer los puntos de referencia de la laringe, la tráquea y los bronquios principales del neonato',
        'Reconnaître les repères du larynx, de la trachée et des bronches souches du nouveau-né',
        'التعرف على معالم الحنجرة والقصبة الهوائية والقصبات الرئيسية لدى حديث الولادة',
        'Reconhecer os pontos de referência da laringe, da traqueia e dos brônquios principais do recém-nascido',
        '识别新生儿喉、气管和主支气管的解剖标志',
        'Узнавать ориентиры гортани, трахеи и главных бронхов новорождённого',
      ],
      [
        'Inspect both bronchial trees systematically with a flexible scope',
        'Inspeccionar ambos árboles bronquiales de forma sistemática con un broncoscopio flexible',
        'Inspecter systématiquement les deux arbres bronchiques au bronchoscope souple',
        'فحص الشجرتين القصبيتين بصورة منهجية بمنظار مرن',
        'Inspecionar sistematicamente as duas árvores brônquicas com um broncoscópio flexível',
        '使用软镜系统检查左右支气管树',
        'Систематически осматривать оба бронхиальных дерева гибким бронхоскопом',
      ],
      [
        'Recognise tracheomalacia and airway narrowing',
        'Reconocer la traqueomalacia y los estrechamientos de la vía aérea',
        'Reconnaître une trachéomalacie et un rétrécissement des voies aériennes',
        'التعرف على تلين الرغامى وتضيّق المجاري التنفسية',
        'Reconhecer traqueomalácia e estreitamentos das vias aéreas',
        '识别气管软化和气道狭窄',
        'Распознавать трахеомаляцию и сужения дыхательных путей',
      ],
    ],
    durationMinutes: 90,
    modules: [
      [
        ['Anatomy of the airway', 'Anatomía de la vía aérea', 'Anatomie des voies aériennes', 'تشريح المجاري التنفسية', 'Anatomia das vias aéreas', '气道解剖', 'Анатомия дыхательных путей'],
        [
          ['Larynx and vocal cords', 'Laringe y cuerdas vocales', 'Larynx et cordes vocales', 'الحنجرة والحبال الصوتية', 'Laringe e cordas vocais', '喉与声带', 'Гортань и голосовые связки'],
          ['Trachea and carina', 'Tráquea y carina', 'Trachée et carène', 'القصبة الهوائية والجؤجؤ', 'Traqueia e carina', '气管与隆突', 'Трахея и карина'],
        ],
      ],
      [
        ['Guided inspection', 'Inspección guiada', 'Inspection guidée', 'الفحص الموجَّه', 'Inspeção guiada', '引导式检查', 'Управляемый осмотр'],
        [
          ['Right bronchial tree', 'Árbol bronquial derecho', 'Arbre bronchique droit', 'الشجرة القصبية اليمنى', 'Árvore brônquica direita', '右支气管树', 'Правое бронхиальное дерево'],
          ['Left bronchial tree', 'Árbol bronquial izquierdo', 'Arbre bronchique gauche', 'الشجرة القصبية اليسرى', 'Árvore brônquica esquerda', '左支气管树', 'Левое бронхиальное дерево'],
          ['Assessing tracheomalacia', 'Evaluación de la traqueomalacia', 'Évaluation d’une trachéomalacie', 'تقييم تلين الرغامى', 'Avaliação da traqueomalácia', '气管软化评估', 'Оценка трахеомаляции'],
        ],
      ],
    ],
  },
  'fetal-tracheal-occlusion': {
    title: ['Fetal tracheal occlusion', 'Oclusión traqueal fetal', 'Occlusion trachéale fœtale', 'انسداد القصبة الهوائية الجنيني', 'Oclusão traqueal fetal', '胎儿气管封堵', 'Фетальная окклюзия трахеи'],
    subtitle: [
      'Balloon placement in the fetal trachea (FETO).',
      'Colocación de un balón en la tráquea fetal (FETO).',
      'Mise en place d’un ballonnet dans la trachée fœtale (FETO).',
      'وضع البالون في القصبة الهوائية للجنين (FETO).',
      'Colocação de balão na traqueia fetal (FETO).',
      '在胎儿气管内放置球囊（FETO）。',
      'Установка баллона в трахею плода (FETO).',
    ],
    outcomes: [
      [
        'Plan the fetoscopic route to the fetal mouth under ultrasound',
        'Planificar el acceso fetoscópico a la boca fetal bajo ecografía',
        'Planifier sous échographie l’accès fœtoscopique à la bouche fœtale',
        'تخطيط مسار المنظار الجنيني إلى فم الجنين بتوجيه الموجات فوق الصوتية',
        'Planejar o acesso fetoscópico à boca fetal sob ultrassom',
        '在超声引导下规划经胎儿镜到达胎儿口腔的路径',
        'Планировать фетоскопический доступ ко рту плода под контролем УЗИ',
      ],
      [
        'Place and inflate the balloon between the carina and the vocal cords',
        'Colocar e inflar el balón entre la carina y las cuerdas vocales',
        'Placer et gonfler le ballonnet entre la carène et les cordes vocales',
        'وضع البالون ونفخه بين الجؤجؤ والحبال الصوتية',
        'Posicionar e insuflar o balão entre a carina e as cordas vocais',
        '在隆突与声带之间放置并充盈球囊',
        'Устанавливать и раздувать баллон между кариной и голосовыми связками',
      ],
      [
        'Remove the balloon by fetoscopy or by ultrasound-guided puncture',
        'Retirar el balón por fetoscopia o por punción ecoguiada',
        'Retirer le ballonnet par fœtoscopie ou par ponction échoguidée',
        'إزالة البالون بالمنظار الجنيني أو بالبزل الموجَّه بالموجات فوق الصوتية',
        'Retirar o balão por fetoscopia ou por punção guiada por ultrassom',
        '通过胎儿镜或超声引导穿刺取出球囊',
        'Удалять баллон фетоскопически или пункцией под контролем УЗИ',
      ],
    ],
    durationMinutes: 150,
    modules: [
      [
        ['Access and orientation', 'Acceso y orientación', 'Accès et orientation', 'المدخل والتوجيه', 'Acesso e orientação', '入路与定位', 'Доступ и ориентация'],
        [
          ['Trocar entry under ultrasound', 'Entrada del trocar bajo ecografía', 'Introduction du trocart sous échographie', 'إدخال المبزل بتوجيه الموجات فوق الصوتية', 'Entrada do trocarte sob ultrassom', '超声引导下置入套管针', 'Введение троакара под контролем УЗИ'],
          ['Finding the mouth and larynx', 'Localizar la boca y la laringe', 'Repérer la bouche et le larynx', 'الوصول إلى الفم والحنجرة', 'Localizar a boca e a laringe', '寻找口腔与喉部', 'Поиск рта и гортани'],
        ],
      ],
      [
        ['Balloon placement', 'Colocación del balón', 'Mise en place du ballonnet', 'وضع البالون', 'Colocação do balão', '球囊放置', 'Установка баллона'],
        [
          ['Passing the vocal cords', 'Paso de las cuerdas vocales', 'Franchissement des cordes vocales', 'عبور الحبال الصوتية', 'Passagem pelas cordas vocais', '通过声带', 'Проведение через голосовые связки'],
          ['Positioning above the carina', 'Posicionamiento por encima de la carina', 'Positionnement au-dessus de la carène', 'التموضع فوق الجؤجؤ', 'Posicionamento acima da carina', '定位于隆突上方', 'Позиционирование над кариной'],
          ['Inflating and detaching the balloon', 'Inflado y liberación del balón', 'Gonflage et largage du ballonnet', 'نفخ البالون وفصله', 'Insuflação e liberação do balão', '充盈并释放球囊', 'Раздувание и отсоединение баллона'],
        ],
      ],
      [
        ['Balloon removal', 'Retirada del balón', 'Retrait du ballonnet', 'إزالة البالون', 'Retirada do balão', '球囊取出', 'Удаление баллона'],
        [
          ['Fetoscopic balloon puncture', 'Punción fetoscópica del balón', 'Ponction fœtoscopique du ballonnet', 'بزل البالون بالمنظار الجنيني', 'Punção fetoscópica do balão', '胎儿镜下球囊穿刺', 'Фетоскопическая пункция баллона'],
          ['Ultrasound-guided needle puncture', 'Punción con aguja ecoguiada', 'Ponction à l’aiguille échoguidée', 'البزل بالإبرة بتوجيه الموجات فوق الصوتية', 'Punção com agulha guiada por ultrassom', '超声引导下穿刺针穿刺', 'Игольная пункция под контролем УЗИ'],
        ],
      ],
    ],
  },
  'catheter-placement': {
    title: ['Catheter placement', 'Colocación de catéteres', 'Pose de cathéters', 'تركيب القسطرة', 'Colocação de cateteres', '导管置入', 'Установка катетеров'],
    subtitle: [
      'Ultrasound-guided shunts and catheters.',
      'Derivaciones y catéteres guiados por ecografía.',
      'Dérivations et cathéters échoguidés.',
      'تحويلات وقساطر بتوجيه الموجات فوق الصوتية.',
      'Derivações e cateteres guiados por ultrassom.',
      '超声引导下的分流管与导管置入。',
      'Шунты и катетеры под контролем УЗИ.',
    ],
    outcomes: [
      [
        'Plan a needle path that avoids the cord, placenta and fetal vessels',
        'Planificar una trayectoria de aguja que evite el cordón, la placenta y los vasos fetales',
        'Planifier un trajet d’aiguille qui évite le cordon, le placenta et les vaisseaux fœtaux',
        'تخطيط مسار للإبرة يتجنب الحبل السري والمشيمة والأوعية الجنينية',
        'Planejar um trajeto de agulha que evite o cordão, a placenta e os vasos fetais',
        '规划避开脐带、胎盘和胎儿血管的进针路径',
        'Планировать путь иглы в обход пуповины, плаценты и сосудов плода',
      ],
      [
        'Deploy a double-pigtail shunt into the fetal bladder',
        'Desplegar un catéter de doble cola de cerdo en la vejiga fetal',
        'Déployer un drain double queue de cochon dans la vessie fœtale',
        'نشر تحويلة مزدوجة الذيل الملتف في مثانة الجنين',
        'Implantar um cateter duplo rabo de porco na bexiga fetal',
        '在胎儿膀胱内释放双猪尾分流管',
        'Устанавливать шунт типа «двойной pigtail» в мочевой пузырь плода',
      ],
      [
        'Check the shunt’s position and drainage on ultrasound',
        'Comprobar la posición y el drenaje de la derivación en la ecografía',
        'Vérifier à l’échographie la position et le drainage de la dérivation',
        'التحقق من موضع التحويلة وتصريفها بالموجات فوق الصوتية',
        'Verificar a posição e a drenagem da derivação no ultrassom',
        '通过超声确认分流管位置与引流情况',
        'Проверять положение шунта и дренирование по УЗИ',
      ],
    ],
    durationMinutes: 90,
    modules: [
      [
        ['Needle guidance', 'Guiado de la aguja', 'Guidage de l’aiguille', 'توجيه الإبرة', 'Orientação da agulha', '穿刺针引导', 'Наведение иглы'],
        [
          ['Planning the needle path', 'Planificación de la trayectoria', 'Planification du trajet', 'تخطيط مسار الإبرة', 'Planejamento do trajeto', '规划进针路径', 'Планирование пути иглы'],
          ['Entering the fetal bladder', 'Entrada en la vejiga fetal', 'Entrée dans la vessie fœtale', 'الدخول إلى مثانة الجنين', 'Entrada na bexiga fetal', '进入胎儿膀胱', 'Вход в мочевой пузырь плода'],
          ['Avoiding the cord and placenta', 'Evitar el cordón y la placenta', 'Éviter le cordon et le placenta', 'تجنب الحبل السري والمشيمة', 'Evitar o cordão e a placenta', '避开脐带与胎盘', 'Обход пуповины и плаценты'],
        ],
      ],
      [
        ['Shunt deployment', 'Despliegue de la derivación', 'Déploiement de la dérivation', 'نشر التحويلة', 'Implantação da derivação', '分流管释放', 'Установка шунта'],
        [
          ['Vesicoamniotic shunt', 'Derivación vesicoamniótica', 'Dérivation vésico-amniotique', 'تحويلة مثانية أمنيوسية', 'Derivação vesicoamniótica', '膀胱-羊膜腔分流', 'Везикоамниотический шунт'],
          ['Checking the shunt’s position', 'Comprobación de la posición', 'Contrôle de la position', 'التحقق من موضع التحويلة', 'Verificação da posição', '确认分流管位置', 'Проверка положения шунта'],
        ],
      ],
    ],
  },
  pleuroamniotic: {
    title: ['Pleuroamniotic', 'Pleuroamniótico', 'Pleuro-amniotique', 'التحويلة الجنبية الأمنيوسية', 'Pleuroamniótico', '胸腔-羊膜腔分流', 'Плевроамниальное шунтирование'],
    subtitle: [
      'Pleuroamniotic shunting for fetal pleural effusion.',
      'Derivación pleuroamniótica para el derrame pleural fetal.',
      'Dérivation pleuro-amniotique de l’épanchement pleural fœtal.',
      'تحويلة جنبية أمنيوسية لانصباب الجنب لدى الجنين.',
      'Derivação pleuroamniótica para derrame pleural fetal.',
      '针对胎儿胸腔积液的胸腔-羊膜腔分流术。',
      'Плевроамниальное шунтирование при плевральном выпоте у плода.',
    ],
    outcomes: [
      [
        'Grade a fetal pleural effusion and decide when to drain it',
        'Graduar un derrame pleural fetal y decidir cuándo drenarlo',
        'Évaluer un épanchement pleural fœtal et décider quand le drainer',
        'تقدير درجة انصباب الجنب لدى الجنين وتحديد وقت تصريفه',
        'Graduar um derrame pleural fetal e decidir quando drená-lo',
        '评估胎儿胸腔积液程度并决定引流时机',
        'Оценивать плевральный выпот у плода и решать, когда его дренировать',
      ],
      [
        'Choose the entry point and angle for the thoracic shunt',
        'Elegir el punto de entrada y el ángulo de la derivación torácica',
        'Choisir le point d’entrée et l’angle de la dérivation thoracique',
        'اختيار نقطة الدخول وزاوية التحويلة الصدرية',
        'Escolher o ponto de entrada e o ângulo da derivação torácica',
        '选择胸腔分流的穿刺点与角度',
        'Выбирать точку входа и угол для торакального шунта',
      ],
      [
        'Insert a double-pigtail shunt, on one side or both',
        'Colocar un catéter de doble cola de cerdo, en uno o ambos lados',
        'Poser un drain double queue de cochon, d’un côté ou des deux',
        'إدخال تحويلة مزدوجة الذيل الملتف في جانب واحد أو في الجانبين',
        'Inserir um cateter duplo rabo de porco, de um ou dos dois lados',
        '单侧或双侧置入双猪尾分流管',
        'Устанавливать шунт «двойной pigtail» с одной или с обеих сторон',
      ],
    ],
    durationMinutes: 90,
    modules: [
      [
        ['Diagnosis and planning', 'Diagnóstico y planificación', 'Diagnostic et planification', 'التشخيص والتخطيط', 'Diagnóstico e planejamento', '诊断与规划', 'Диагностика и планирование'],
        [
          ['Grading the pleural effusion', 'Graduación del derrame pleural', 'Évaluation de l’épanchement pleural', 'تقدير درجة انصباب الجنب', 'Graduação do derrame pleural', '胸腔积液分级', 'Оценка плеврального выпота'],
          ['Choosing the entry point', 'Elección del punto de entrada', 'Choix du point d’entrée', 'اختيار نقطة الدخول', 'Escolha do ponto de entrada', '选择穿刺点', 'Выбор точки входа'],
        ],
      ],
      [
        ['Shunt placement', 'Colocación de la derivación', 'Pose de la dérivation', 'تركيب التحويلة', 'Colocação da derivação', '分流管置入', 'Установка шунта'],
        [
          ['Diagnostic thoracocentesis', 'Toracocentesis diagnóstica', 'Thoracocentèse diagnostique', 'بزل الصدر التشخيصي', 'Toracocentese diagnóstica', '诊断性胸腔穿刺', 'Диагностический торакоцентез'],
          ['Double-pigtail shunt insertion', 'Inserción del catéter de doble cola de cerdo', 'Pose du drain double queue de cochon', 'إدخال التحويلة مزدوجة الذيل الملتف', 'Inserção do cateter duplo rabo de porco', '置入双猪尾分流管', 'Введение шунта «двойной pigtail»'],
          ['Bilateral effusion', 'Derrame bilateral', 'Épanchement bilatéral', 'انصباب ثنائي الجانب', 'Derrame bilateral', '双侧胸腔积液', 'Двусторонний выпот'],
        ],
      ],
    ],
  },
};

/** The demo plans' titles and descriptions. */
export const PLAN_TEXTS: Record<string, { title: Seven; description: Seven }> = {
  'plan-fetoscopy': {
    title: ['Fetoscopy', 'Fetoscopia', 'Fœtoscopie', 'تنظير الجنين', 'Fetoscopia', '胎儿镜', 'Фетоскопия'],
    description: [
      'Three months of the fetoscopy simulator: every module and case.',
      'Tres meses del simulador de fetoscopia: todos los módulos y casos.',
      'Trois mois de simulateur de fœtoscopie : tous les modules et tous les cas.',
      'ثلاثة أشهر من محاكي تنظير الجنين: كل الوحدات وكل الحالات.',
      'Três meses do simulador de fetoscopia: todos os módulos e casos.',
      '胎儿镜模拟器三个月：全部模块与病例。',
      'Три месяца симулятора фетоскопии: все модули и случаи.',
    ],
  },
  'plan-complete': {
    title: ['Complete', 'Completo', 'Intégral', 'الباقة الكاملة', 'Completo', '全部课程', 'Полный'],
    description: [
      'A year of every course of the academy.',
      'Un año de todos los cursos de la academia.',
      'Un an de tous les cours de l’académie.',
      'سنة كاملة من جميع دورات الأكاديمية.',
      'Um ano de todos os cursos da academia.',
      '一年内畅学本学院全部课程。',
      'Год доступа ко всем курсам академии.',
    ],
  },
  'plan-pilot': {
    title: ['Hospital pilot', 'Piloto hospitalario', 'Pilote hospitalier', 'تجربة المستشفيات', 'Piloto hospitalar', '医院试点', 'Пилот для больниц'],
    description: [
      'A one-month pilot offered to partner hospitals.',
      'Un piloto de un mes ofrecido a los hospitales asociados.',
      'Un pilote d’un mois proposé aux hôpitaux partenaires.',
      'تجربة لمدة شهر تُقدَّم للمستشفيات الشريكة.',
      'Um piloto de um mês oferecido aos hospitais parceiros.',
      '面向合作医院提供的一个月试点。',
      'Месячный пилотный доступ для больниц-партнёров.',
    ],
  },
};
