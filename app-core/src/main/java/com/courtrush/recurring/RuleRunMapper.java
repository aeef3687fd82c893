package com.courtrush.recurring;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Mapper;

/** Reads and writes what each rule did for each date. */
@Mapper
interface RuleRunMapper extends BaseMapper<RuleRun> {}
