package com.courtrush.history;

import java.util.List;

/**
 * Students' names as a Chinese campus has them, so that the desk's search by part of a name meets what it meets
 * there: a surname from the commonest ones, weighted as they are common (王 and 李 each about one in fourteen, 马 about
 * one in a hundred), then one or two characters of a given name. Drawn from the student's number alone: the same
 * student has the same name in every fill, and the rest of the history's random draws do not move.
 */
final class CampusNames {

    /** A fragment the desk types for each kind: a common surname, and a character of many given names. */
    static final List<String> FRAGMENTS = List.of("马", "刚");

    private static final String SURNAMES =
            "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾萧田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤";
    /** Each surname's weight, commonest first: about 1 / (rank + 6), the long tail of a real campus. */
    private static final double[] CUMULATIVE = cumulative();

    private static final String GIVEN = "伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红娥玲芬燕彬鹏辉宇浩然子轩欣怡梓涵诗雨博文佳琪晨思远一鸣嘉";

    private CampusNames() {}

    /** The name of the student of number {@code index} (from 0). */
    static String of(int index) {
        long mixed = mix(index + 1L);
        double draw = (mixed >>> 11) * 0x1.0p-53;
        int surname = 0;
        while (surname < CUMULATIVE.length - 1 && CUMULATIVE[surname] < draw) {
            surname++;
        }
        long given = mix(mixed);
        StringBuilder name = new StringBuilder().append(SURNAMES.charAt(surname));
        name.append(GIVEN.charAt((int) Long.remainderUnsigned(given, GIVEN.length())));
        if (Long.remainderUnsigned(given >>> 20, 3) != 0) { // two of three given names have two characters
            name.append(GIVEN.charAt((int) Long.remainderUnsigned(given >>> 32, GIVEN.length())));
        }
        return name.toString();
    }

    private static double[] cumulative() {
        double[] weights = new double[SURNAMES.length()];
        double sum = 0;
        for (int i = 0; i < weights.length; i++) {
            sum += 1.0 / (i + 6);
            weights[i] = sum;
        }
        for (int i = 0; i < weights.length; i++) {
            weights[i] /= sum;
        }
        return weights;
    }

    /** SplitMix64's finalizer: a number's bits well mixed. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
