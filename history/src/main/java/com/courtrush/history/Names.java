package com.courtrush.history;

import java.util.SplittableRandom;

/**
 * The students' names: a surname drawn as often as it is borne in China (王 about one in fourteen, 马 one in eighty),
 * then one or two characters of a given name, none of which is a surname here — so that the desk's search by a
 * surname or by a character of a given name finds the share of a campus it finds on a real one. A student's name
 * follows from their number alone: the same in every history.
 */
public final class Names {

    /** The commonest surname: a search for it finds the most students a surname finds. */
    public static final String COMMONEST_SURNAME = "王";

    /** A character of given names, found in them as often as any other given-name character. */
    public static final String A_GIVEN_NAME_CHARACTER = "刚";

    /** The commonest surnames, with their shares in thousandths; the others share what is left evenly. */
    private static final String COMMON = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗";

    private static final int[] SHARES = {71, 70, 65, 53, 45, 31, 22, 20, 18, 17, 13, 12, 12, 11, 10, 10, 9, 9, 9, 8};

    private static final String OTHERS =
            "郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤";

    private static final String GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀英霞平刚桂华玉兰鹏辉宇浩婷雪琳晨欣怡佳子轩梓涵博文思雨一诺然嘉俊凯志建国红斌飞波鑫";

    private Names() {}

    /** The name of the student numbered {@code student} (from 0). */
    public static String of(int student) {
        SplittableRandom random = new SplittableRandom(0x4E414D45L + student);
        StringBuilder name = new StringBuilder(surname(random.nextInt(1000), random));
        int given = random.nextInt(10) < 3 ? 1 : 2;
        for (int i = 0; i < given; i++) {
            name.append(GIVEN.charAt(random.nextInt(GIVEN.length())));
        }
        return name.toString();
    }

    private static String surname(int drawn, SplittableRandom random) {
        for (int i = 0; i < SHARES.length; i++) {
            drawn -= SHARES[i];
            if (drawn < 0) {
                return COMMON.substring(i, i + 1);
            }
        }
        int other = random.nextInt(OTHERS.length());
        return OTHERS.substring(other, other + 1);
    }
}
